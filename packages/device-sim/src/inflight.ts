/** Counts unacknowledged publishes and makes the next one wait while `limit` are in flight (the protocol's back-pressure). */
export class InflightLimit {
  private count = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(readonly limit: number) {
    if (!(limit >= 1)) throw new Error('limit must be at least 1');
  }

  get inflight(): number {
    return this.count;
  }

  /** How many wait for a slot. */
  get queued(): number {
    return this.waiting.length;
  }

  /**
   * Resolves once a slot is taken; the caller must `release()` it when the PUBACK (or the give-up) comes.
   * An urgent caller (status, hello, ack) waits at the front of the queue.
   */
  acquire(urgent = false): Promise<void> {
    if (this.count < this.limit) {
      this.count++;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      if (urgent) this.waiting.unshift(resolve);
      else this.waiting.push(resolve);
    });
  }

  release(): void {
    const next = this.waiting.shift();
    // The slot passes straight to the next waiter, so the count never dips and lets a newcomer jump the queue.
    if (next) next();
    else this.count = Math.max(0, this.count - 1);
  }
}
