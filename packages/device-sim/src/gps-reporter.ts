import type { Drive } from './drive.js';
import type { GpsPoint } from './messages.js';

/** The protocol's largest `gps` batch. */
export const MAX_BATCH_POINTS = 500;
/** Points kept while the device cannot send (about 14 h at one a second); the oldest go first. */
const MAX_BACKLOG_POINTS = 50_000;

export interface GpsSettings {
  gpsIntervalMs: number;
  gpsBatch: number;
}

/**
 * Samples a drive on a timer and keeps the points until a batch is taken. Sending is GpsSender's job, so that a
 * batch is taken only once it has a publish slot: a backlog then leaves in catch-up batches instead of queueing.
 */
export class GpsReporter {
  private points: GpsPoint[] = [];
  private timer: NodeJS.Timeout | undefined;
  private lastStepAt = 0;

  constructor(
    private readonly drive: Drive,
    private current: GpsSettings,
    /** Called with each sample, so the device can watch its alarm areas and send when a batch is full. */
    private readonly onSample: (point: GpsPoint) => void,
  ) {}

  get settings(): GpsSettings {
    return { ...this.current };
  }

  get running(): boolean {
    return this.timer !== undefined;
  }

  /** Points sampled and not yet taken. */
  get backlog(): number {
    return this.points.length;
  }

  start(): void {
    if (this.timer) return;
    this.lastStepAt = Date.now();
    this.timer = setInterval(() => this.sample(), this.current.gpsIntervalMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** New interval or batch size; a running timer restarts at the new interval. */
  configure(settings: Partial<GpsSettings>): void {
    this.current = { ...this.current, ...settings };
    if (this.timer) {
      this.stop();
      this.start();
    }
  }

  /** Whether a full batch (or, at the end, any point) waits. */
  hasBatch(final = false): boolean {
    return this.points.length >= (final ? 1 : this.current.gpsBatch);
  }

  /** The next batch: normally `gpsBatch` points; after an outage, up to the protocol's maximum to catch up. */
  take(): GpsPoint[] {
    const { gpsBatch } = this.current;
    const size = this.points.length >= 2 * gpsBatch ? MAX_BATCH_POINTS : gpsBatch;
    return this.points.splice(0, Math.min(size, MAX_BATCH_POINTS));
  }

  /** Put a batch that could not be sent back in front, so it leaves with the next one. */
  putBack(points: GpsPoint[]): void {
    this.points.unshift(...points);
  }

  private sample(): void {
    const now = Date.now();
    this.drive.step(now - this.lastStepAt);
    this.lastStepAt = now;
    const point: GpsPoint = { t: now, ...this.drive.sample() };
    this.points.push(point);
    if (this.points.length > MAX_BACKLOG_POINTS) this.points.splice(0, this.points.length - MAX_BACKLOG_POINTS);
    this.onSample({ ...point });
  }
}
