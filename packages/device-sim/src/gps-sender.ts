import type { GpsReporter } from './gps-reporter.js';
import type { DeviceSession } from './session.js';
import { delay, withTimeout } from './wait.js';

/** Sends the GPS reporter's points (`up/gps`) in batches while the device is announced on a connection. */
export class GpsSender {
  readonly counts = { pointsSent: 0, pointsAcked: 0 };
  private flushing = false;

  constructor(
    private readonly gps: GpsReporter,
    private readonly session: DeviceSession,
  ) {}

  /** Sends full batches (at the end, any point) one at a time, each taken once it has a publish slot. */
  async flush(final = false): Promise<void> {
    if (this.flushing) return;
    this.flushing = true;
    try {
      while (this.session.sending && this.gps.hasBatch(final)) {
        const client = await this.session.slot();
        if (!client) break;
        const points = this.gps.take();
        if (points.length === 0) {
          this.session.up.release();
          break;
        }
        this.counts.pointsSent += points.length;
        // Not awaited: the next batch may go while this one waits for its PUBACK.
        const acked = this.session.up.send(client, 'gps', { points });
        if (final) await acked;
        void acked.then((ok) => {
          if (ok) this.counts.pointsAcked += points.length;
        });
      }
    } finally {
      this.flushing = false;
    }
  }

  /** Before going offline: the last points, waiting for a flush under way first; gives up at the deadline. */
  async drain(deadline: number): Promise<void> {
    while (this.flushing && Date.now() < deadline) await delay(20);
    if (!this.flushing) await withTimeout(this.flush(true), deadline - Date.now());
  }
}
