import type { LocalAction, TamperUp } from '@safety-shield/contract/device';
import type { CommandHandler } from './commands.js';
import type { DeviceSession } from './session.js';
import type { LockStore } from './state-stores.js';

/**
 * The device's lock against tampering (docs/device-protocol.md, `lock`): kept in a store across restarts, set by
 * `down/lock` (stored first, acked, then reported as `lockState`), reported after every `hello`. While locked, the
 * local actions a driver tries at the device are refused, each reported as `tamper` (kept while offline).
 */
export class DeviceLock {
  private current: boolean;
  /** The `lock` handled now, so the next waits for it (the last one ordered is the one in force). */
  private turn: Promise<unknown> = Promise.resolve();
  /** Refusals not yet delivered (the device was offline), sent at the next connection. */
  private unsent: Array<TamperUp & { at: number }> = [];

  constructor(
    private readonly uuid: string,
    private readonly store: LockStore,
    private readonly session: DeviceSession,
    private readonly note: (text: string) => void,
  ) {
    this.current = store.get(uuid) === true;
  }

  get locked(): boolean {
    return this.current;
  }

  /** `down/lock`: in force once stored durably, then acked, then `lockState`. */
  command(): CommandHandler<'lock'> {
    return ({ locked }) => {
      const result = this.turn.then(async () => {
        await this.store.set(this.uuid, locked);
        this.current = locked;
        this.note(locked ? 'locked by the portal' : 'unlocked by the portal');
        return { ok: true, afterAck: () => void this.report() };
      });
      this.turn = result.catch(() => undefined);
      return result;
    };
  }

  /** `lockState` now (after every hello, and after each `lock`); it overtakes queued GPS. */
  report(): Promise<boolean> {
    return this.session.publish('lockState', { locked: this.current }, { urgent: true });
  }

  /** At each connection: the refusals it could not send while offline. */
  sendUnsent(): void {
    const unsent = this.unsent;
    this.unsent = [];
    for (const tamper of unsent) void this.sendTamper(tamper);
  }

  /**
   * A driver tries a local action at the device: allowed when unlocked (true); refused when locked (false), reported
   * as `tamper` at the time it was tried.
   */
  tryLocal(action: LocalAction): boolean {
    if (!this.current) {
      this.note(`local action ${action}: done (unlocked)`);
      return true;
    }
    this.note(`local action ${action}: refused (locked), tamper reported`);
    void this.sendTamper({ action, at: Date.now() });
    return false;
  }

  private async sendTamper(tamper: TamperUp & { at: number }): Promise<void> {
    if (!(await this.session.publish('tamper', tamper, { urgent: true })) && !this.session.stopped) this.unsent.push(tamper);
  }
}
