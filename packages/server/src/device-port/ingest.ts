import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../bus/bus.js';
import type { Db } from '../db/client.js';
import { afterCommit } from './intake.js';
import { Carry } from './mileage.js';
import type { PositionFix } from './reports.js';
import { type PositionUpdate, writeTrail } from './trail.js';

/** Called once a batch is committed (no argument) or could not be (the error: the device must resend). */
type Done = (error?: Error) => void;

export interface IngestOptions {
  /** Longest a point waits before its batch is written. */
  flushIntervalMs: number;
  /** A batch this large is written at once. */
  flushPoints: number;
  /** Above this many points taken but not committed, new messages wait (never dropped). */
  maxPendingPoints: number;
}

export const INGEST_DEFAULTS: IngestOptions = { flushIntervalMs: 50, flushPoints: 5_000, maxPendingPoints: 50_000 };

interface Batch {
  byDevice: Map<string, PositionFix[]>;
  acks: Done[];
  points: number;
  startedAt: number;
}

const emptyBatch = (): Batch => ({ byDevice: new Map(), acks: [], points: 0, startedAt: 0 });

/** Deadlock or serialization failure: the transaction did nothing and may simply run again. */
function isRetryable(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (code === '40P01' || code === '40001') return true;
  }
  return false;
}

/**
 * The position writer every adapter shares: collects the points of every device and writes them in one transaction per
 * flush, at most `flushIntervalMs` after the first or at `flushPoints`, one flush at a time. A batch's promise settles
 * only after its flush committed, so the device's acknowledgement means the points are stored. The new live positions
 * of bound vehicles are pushed to the consoles (the bus's `position`).
 */
export class GpsIngest {
  private batch = emptyBatch();
  private flushing: Promise<void> | undefined;
  private timer: NodeJS.Timeout | undefined;
  /** Points taken and not yet committed: what back-pressure watches. */
  private queued = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly carry = new Carry();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly bus: Bus,
    private readonly options: IngestOptions = INGEST_DEFAULTS,
  ) {}

  /** Points taken and not yet committed. */
  get pending(): number {
    return this.queued;
  }

  /** Takes a device's batch; settles once it is committed (or could not be). */
  take(uuid: string, points: PositionFix[]): Promise<void> {
    return new Promise((resolve, reject) => this.add(uuid, points, (err) => (err ? reject(err) : resolve())));
  }

  private add(uuid: string, points: PositionFix[], done: Done): void {
    if (this.queued >= this.options.maxPendingPoints) {
      // Holding `done` holds the device's acknowledgement, and the embedded broker reads nothing more from it meanwhile.
      this.waiting.push(() => this.add(uuid, points, done));
      return;
    }
    const batch = this.batch;
    if (batch.points === 0) batch.startedAt = Date.now();
    const list = batch.byDevice.get(uuid);
    if (list) list.push(...points);
    else batch.byDevice.set(uuid, points);
    batch.acks.push(done);
    batch.points += points.length;
    this.queued += points.length;
    this.schedule();
  }

  /** Writes everything taken so far (and whatever waited for room) and waits for it. */
  async drain(): Promise<void> {
    while (this.flushing || this.batch.points > 0 || this.waiting.length > 0) {
      if (this.flushing) await this.flushing;
      else if (this.batch.points > 0) this.startFlush();
      else this.release();
    }
  }

  private schedule() {
    if (this.flushing || this.batch.points === 0) return;
    const age = Date.now() - this.batch.startedAt;
    if (this.batch.points >= this.options.flushPoints || age >= this.options.flushIntervalMs) this.startFlush();
    else if (!this.timer) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.schedule();
      }, this.options.flushIntervalMs - age);
    }
  }

  private startFlush() {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.batch;
    this.batch = emptyBatch();
    this.flushing = this.flush(batch);
  }

  private async flush(batch: Batch): Promise<void> {
    let failure: Error | undefined;
    let positions: PositionUpdate[] = [];
    try {
      const written = await this.write(batch);
      if (written.unknown.length > 0) this.log.warn({ devices: written.unknown }, 'gps from unknown devices dropped');
      positions = written.positions;
    } catch (err) {
      this.log.error({ err, points: batch.points }, 'gps flush failed: the devices resend');
      failure = err instanceof Error ? err : new Error(String(err));
    }
    this.queued -= batch.points;
    this.flushing = undefined;
    for (const done of batch.acks) done(failure);
    if (positions.length > 0) afterCommit(this.log, 'position push', () => this.pushed(positions));
    this.release();
    this.schedule();
  }

  private pushed(updates: PositionUpdate[]) {
    for (const { vehicleId, deviceId, at, lat, lng, speed, heading, dbm } of updates) {
      if (vehicleId !== null) this.bus.publish('position', { vehicleId, deviceId, position: { lat, lng, speed, heading, dbm, time: at } });
    }
  }

  /** A deadlock is retried at once; other failures (a lost connection, a failover) after a pause, for about 5 s in all. */
  private async write(batch: Batch) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await writeTrail(this.db, batch.byDevice, this.carry);
      } catch (err) {
        if (attempt >= 4) throw err;
        const pauseMs = isRetryable(err) ? 0 : 250 * 4 ** (attempt - 1);
        this.log.warn({ err, attempt, pauseMs }, 'gps flush failed, retrying');
        await new Promise((resolve) => setTimeout(resolve, pauseMs));
      }
    }
  }

  private release() {
    while (this.waiting.length > 0 && this.queued < this.options.maxPendingPoints) this.waiting.shift()?.();
  }
}
