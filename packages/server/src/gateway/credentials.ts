import { randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { device } from '../db/schema.js';
import { hashToken } from '../http/tokens.js';
import type { PendingSecrets } from './auth.js';
import type { Commands } from './commands.js';

interface Offer {
  secret: string;
  hash: string;
  deviceId: number;
  expiresAt: number;
}

/**
 * Device secrets (docs/device-protocol.md, "Identity and credentials"). A secret is stored (as its hash) only once the
 * device acknowledged it, so until then the provisioning key still opens the device. The offer lives in memory: after
 * a restart the device simply gets a new secret on its next hello.
 */
export class Credentials implements PendingSecrets {
  private readonly offers = new Map<string, Offer>();

  constructor(
    private readonly db: Db,
    private readonly commands: Commands,
    private readonly log: FastifyBaseLogger,
    private readonly timeoutMs = 10 * 60_000,
  ) {}

  /** Sends a device without a secret its secret; the same one again while it is unacknowledged, so the device ends with one. */
  offer(uuid: string, deviceId: number): void {
    const now = Date.now();
    let offer = this.offers.get(uuid);
    if (!offer || offer.deviceId !== deviceId || offer.expiresAt <= now) {
      const secret = `ds_${randomBytes(32).toString('base64url')}`;
      offer = { secret, hash: hashToken(secret), deviceId, expiresAt: now };
      this.offers.set(uuid, offer);
    }
    offer.expiresAt = now + this.timeoutMs;
    const sent = offer;
    this.commands
      .send(uuid, 'credential', { secret: sent.secret }, { timeoutMs: this.timeoutMs, onAck: () => this.store(uuid, sent) })
      .catch((err: unknown) => {
        if (this.offers.get(uuid) === sent && sent.expiresAt <= Date.now()) this.offers.delete(uuid);
        this.log.info({ device: uuid, err }, 'credential not acknowledged');
      });
  }

  async claim(uuid: string, hash: string): Promise<boolean> {
    const offer = this.offers.get(uuid);
    if (!offer || offer.hash !== hash) return false;
    // The device connects with the secret, so it has it: its ack was lost or is still on its way.
    await this.store(uuid, offer);
    return true;
  }

  private async store(uuid: string, offer: Offer): Promise<void> {
    if (this.offers.get(uuid) !== offer) return;
    await this.db
      .update(device)
      .set({ secretHash: offer.hash, updatedAt: sql`now()` })
      .where(and(eq(device.id, offer.deviceId), isNull(device.secretHash)));
    this.offers.delete(uuid);
    this.log.info({ device: uuid }, 'device secret stored');
  }
}
