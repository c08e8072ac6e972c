import { healthPayload, randomFault, type SimFault, withFault } from './health.js';
import { hashSeed, PoissonSchedule, seededRandom } from './random.js';
import type { DeviceSession } from './session.js';

/**
 * The device's running-status faults (`up/health`, docs/device-protocol.md): the whole set is reported at every
 * connection and whenever it changes; with `faultEveryMs` the device develops faults by itself, each lasting 2–20 min.
 */
export class HealthReporter {
  private current: SimFault[] = [];
  private readonly schedule: PoissonSchedule;
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(
    faultEveryMs: number | undefined,
    seed: number,
    private readonly session: DeviceSession,
    channels: () => number,
  ) {
    const random = seededRandom(hashSeed(seed, 'faults'));
    this.schedule = new PoissonSchedule(random, faultEveryMs ?? 0, () => {
      const { fault, lastsMs } = randomFault(random, channels());
      void this.set(withFault(this.current, fault, true));
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        void this.set(withFault(this.current, fault, false));
      }, lastsMs);
      timer.unref();
      this.timers.add(timer);
    });
  }

  /** The faults the device has now. */
  get faults(): readonly SimFault[] {
    return this.current;
  }

  /** Starts developing faults by itself (when `faultEveryMs` is set). */
  start(): void {
    this.schedule.start();
  }

  stop(): void {
    this.schedule.stop();
    for (const timer of this.timers) clearTimeout(timer);
  }

  /**
   * Replaces the faults (an empty list: all well) and reports the whole set; resolves true once acknowledged, false if
   * offline (the set goes out at the next connection).
   */
  async set(faults: readonly SimFault[]): Promise<boolean> {
    this.current = [...faults];
    if (!this.session.announced) return false;
    return this.report();
  }

  /** Reports the whole set now (at each connection); it overtakes queued GPS. */
  report(): Promise<boolean> {
    return this.session.publish('health', healthPayload(this.current), { urgent: true });
  }
}
