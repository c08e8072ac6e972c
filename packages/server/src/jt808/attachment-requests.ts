import { randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { jt808AttachmentRequest } from '../db/schema.js';

/** How long the files of an alarm may come after 0x9208 asked for them (a terminal may be out of coverage a while). */
export const ATTACHMENT_REQUEST_TTL_MS = 24 * 3_600_000;

/** What an alarm number lets in: the files of one incident of one terminal. */
export interface AttachmentGrant {
  deviceUuid: string;
  terminalNo: string;
  incidentMessageId: string;
}

/**
 * The alarm numbers of 0x9208, kept in the database so the attachment connection finds its incident on any node. A
 * number is 128 random bits in 32 hex characters (the field's width): given only over the terminal's authenticated
 * connection, it is the attachment connection's whole authority.
 */
export class AttachmentRequests {
  constructor(private readonly db: Db) {}

  /** A new number for this incident's files; the device's expired numbers go. */
  async issue(grant: AttachmentGrant, now = Date.now()): Promise<string> {
    const alarmNumber = randomBytes(16).toString('hex');
    await this.db.transaction(async (tx) => {
      await tx
        .delete(jt808AttachmentRequest)
        .where(and(eq(jt808AttachmentRequest.deviceUuid, grant.deviceUuid), lt(jt808AttachmentRequest.expiresAt, new Date(now))));
      await tx.insert(jt808AttachmentRequest).values({ alarmNumber, ...grant, expiresAt: new Date(now + ATTACHMENT_REQUEST_TTL_MS) });
    });
    return alarmNumber;
  }

  /** What a number lets in; undefined for one never issued or expired. */
  async find(alarmNumber: string, now = Date.now()): Promise<AttachmentGrant | undefined> {
    const [row] = await this.db
      .select({
        deviceUuid: jt808AttachmentRequest.deviceUuid,
        terminalNo: jt808AttachmentRequest.terminalNo,
        incidentMessageId: jt808AttachmentRequest.incidentMessageId,
      })
      .from(jt808AttachmentRequest)
      .where(and(eq(jt808AttachmentRequest.alarmNumber, alarmNumber), gt(jt808AttachmentRequest.expiresAt, new Date(now))));
    return row;
  }
}
