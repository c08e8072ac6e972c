import { randomBytes } from 'node:crypto';
import {
  installerName,
  type LockLinkBody,
  type LockLinkIssued,
  type LockLinkRecord,
  type LockLinkRefusal,
  type PublicLockBody,
  type PublicLockList,
  type PublicLockResult,
  pathTo,
} from '@safety-shield/contract';
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { device, lockLink } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import type { Principal } from '../../http/principal.js';
import { hashToken } from '../../http/tokens.js';
import type { ActorWitness } from '../logs/index.js';
import { lockRecords, toPublicRecord } from './repo.js';
import { type DeviceLockService, linkedTarget } from './service.js';

const HOUR_MS = 3_600_000;

type LinkRow = typeof lockLink.$inferSelect;

/** The one value a chain shares, else null (a link over several fleets belongs to their company, and so on). */
const shared = (values: (number | null)[]) => (values.every((value) => value === values[0]) ? (values[0] ?? null) : null);

const refused = (link: LockLinkRefusal) => new AppError('PERMISSION_CHECK_FAIL', undefined, { link });

/** Why a link opens nothing now, or null when it does. */
const refusalOf = (row: LinkRow | undefined, now: number): LockLinkRefusal | null => {
  if (!row) return 'unknown';
  if (row.expiresAt.getTime() <= now) return 'expired';
  if (row.usesLeft <= 0) return 'usedUp';
  return null;
};

/**
 * Installer links (issue 18): a Super Admin hands an installer without an account a link to the lock page of some
 * devices, valid some hours and for some PIN actions. Only a hash of its token is kept; the link shows those devices'
 * lock state and nothing else, and every PIN action through it uses one use, whatever its outcome, so a link bounds
 * how many PINs its holder can try.
 */
export class LockLinkService {
  constructor(
    private readonly db: Db,
    private readonly locks: DeviceLockService,
  ) {}

  async issue(principal: Principal, body: LockLinkBody): Promise<LockLinkIssued> {
    const found = await this.db
      .select({
        id: device.id,
        uuid: device.deviceUuid,
        agent: device.belongAgentId,
        company: device.belongCompanyId,
        fleet: device.belongFleetId,
      })
      .from(device)
      .where(inArray(device.id, body.deviceIds))
      .orderBy(device.id);
    if (found.length !== body.deviceIds.length) throw new AppError('DEVICE_NOT_EXIST');
    const token = randomBytes(32).toString('base64url');
    const [row] = await this.db
      .insert(lockLink)
      .values({
        tokenHash: hashToken(token),
        deviceIds: found.map((d) => d.id),
        expiresAt: new Date(Date.now() + body.hours * HOUR_MS),
        usesLeft: body.uses,
        createdByName: principal.username,
        belongAgentId: shared(found.map((d) => d.agent)),
        belongCompanyId: shared(found.map((d) => d.company)),
        belongFleetId: shared(found.map((d) => d.fleet)),
      })
      .returning();
    if (!row) throw new AppError('ACTION_FAIL_RETRY');
    return {
      ...this.toRecord(
        row,
        found.map((d) => d.uuid),
      ),
      url: pathTo('DeviceLockLink', { query: { token } }),
    };
  }

  /** The links still open, newest first. */
  async open(): Promise<LockLinkRecord[]> {
    const rows = await this.db
      .select()
      .from(lockLink)
      .where(and(gt(lockLink.expiresAt, sql`now()`), gt(lockLink.usesLeft, 0)))
      .orderBy(desc(lockLink.id))
      .limit(200);
    const ids = [...new Set(rows.flatMap((row) => row.deviceIds))];
    const uuids = new Map(
      ids.length === 0
        ? []
        : (await this.db.select({ id: device.id, uuid: device.deviceUuid }).from(device).where(inArray(device.id, ids))).map((d) => [
            d.id,
            d.uuid,
          ]),
    );
    return rows.map((row) =>
      this.toRecord(
        row,
        row.deviceIds.flatMap((id) => uuids.get(id) ?? []),
      ),
    );
  }

  /** Closes a link at once: it then answers as expired. */
  async revoke(id: number): Promise<void> {
    const [row] = await this.db.update(lockLink).set({ expiresAt: new Date() }).where(eq(lockLink.id, id)).returning({ id: lockLink.id });
    if (!row) throw new AppError('PARAM_CHECK_FAIL', 'id', { field: 'id' });
  }

  private toRecord(row: LinkRow, deviceUuids: string[]): LockLinkRecord {
    return {
      id: row.id,
      deviceUuids,
      expireTime: row.expiresAt.getTime(),
      usesLeft: row.usesLeft,
      createdBy: row.createdByName,
      createTime: row.createdAt.getTime(),
    };
  }

  /** The devices a link opens with their lock state; PERMISSION_CHECK_FAIL (data `{ link }`) when it opens nothing. */
  async publicList(token: string): Promise<PublicLockList> {
    const [row] = await this.db
      .select()
      .from(lockLink)
      .where(eq(lockLink.tokenHash, hashToken(token)));
    const refusal = refusalOf(row, Date.now());
    if (refusal || !row) throw refused(refusal ?? 'unknown');
    const records = await lockRecords(this.db, row.deviceIds);
    return { records: records.map(toPublicRecord), expireTime: row.expiresAt.getTime(), usesLeft: row.usesLeft };
  }

  /**
   * An installer's PIN action on one device of the link. The use is taken first, in a statement of its own, so that
   * a wrong PIN uses it too; a device the link does not name is PERMISSION_CHECK_FAIL and uses nothing.
   */
  async publicSave(body: PublicLockBody, identify: ActorWitness): Promise<PublicLockResult> {
    const tokenHash = hashToken(body.token);
    const [taken] = await this.db
      .update(lockLink)
      .set({ usesLeft: sql`${lockLink.usesLeft} - 1` })
      .where(
        and(
          eq(lockLink.tokenHash, tokenHash),
          gt(lockLink.usesLeft, 0),
          gt(lockLink.expiresAt, sql`now()`),
          sql`${body.deviceId}::int = any(${lockLink.deviceIds})`,
        ),
      )
      .returning();
    if (!taken) {
      const [row] = await this.db.select().from(lockLink).where(eq(lockLink.tokenHash, tokenHash));
      const refusal = refusalOf(row, Date.now());
      throw refusal ? refused(refusal) : new AppError('PERMISSION_CHECK_FAIL');
    }
    const [owner] = await this.db
      .select({ agent: device.belongAgentId, company: device.belongCompanyId, fleet: device.belongFleetId })
      .from(device)
      .where(eq(device.id, body.deviceId));
    const name = installerName(taken.id);
    identify({
      accountId: null,
      username: name,
      role: null,
      agentId: owner?.agent ?? null,
      companyId: owner?.company ?? null,
      fleetId: owner?.fleet ?? null,
    });
    const [record] = await this.locks.change(linkedTarget(body.deviceId), body.locked, body.pin, { name, unlocksWithoutPin: false });
    if (!record) throw new AppError('DEVICE_NOT_EXIST');
    return { record: toPublicRecord(record), usesLeft: taken.usesLeft };
  }
}
