import type { SosUp } from '@safety-shield/contract/device';
import type { Drive } from './drive.js';
import type { DeviceSession } from './session.js';
import { sosStartPayload, sosStopPayload } from './sos.js';

/** The device's S.O.S button (`up/sos`): a press, held until it is released. */
export class SosButton {
  /** The message id of the press not released yet. */
  private startId: string | undefined;

  constructor(
    private readonly session: DeviceSession,
    private readonly drive: Drive,
  ) {}

  /** True between press() and release(). */
  get active(): boolean {
    return this.startId !== undefined;
  }

  /**
   * Presses the button (`up/sos` start, at the current position and the device's local time); pressing again while
   * held does nothing. Resolves with the start message id once the portal acknowledged it (null if offline).
   */
  async press(): Promise<string | null> {
    if (this.startId !== undefined) return this.startId;
    const id = this.session.up.nextId();
    this.startId = id;
    return (await this.send(sosStartPayload(this.drive.sample()), id)) ? id : null;
  }

  /** Releases the button (`up/sos` stop naming the press); resolves true once acknowledged. */
  async release(): Promise<boolean> {
    const startId = this.startId;
    if (startId === undefined) return false;
    this.startId = undefined;
    return this.send(sosStopPayload(startId));
  }

  private send(payload: SosUp, id?: string): Promise<boolean> {
    // An alarm overtakes queued GPS batches.
    return this.session.publish('sos', payload, { urgent: true, id });
  }
}
