import type { DeviceLockRecord, LockListQuery, Page, PublicLockRecord, TamperQuery, TamperRecord } from '@safety-shield/contract';
import type { LocalAction } from '@safety-shield/contract/device';
import { and, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { pageOf, rowsPage } from '../../db/paging.js';
import { device, deviceLock, deviceTamper, vehicle } from '../../db/schema.js';
import { containing, epochMs } from '../../http/pagination.js';

/** A device's lock row, created unlocked the first time it is needed, locked for the rest of the transaction. */
export async function lockRowOf(tx: Db, deviceId: number) {
  await tx.insert(deviceLock).values({ deviceId }).onConflictDoNothing();
  const [row] = await tx.select().from(deviceLock).where(eq(deviceLock.deviceId, deviceId)).for('update');
  if (!row) throw new Error(`device_lock ${deviceId} missing`);
  return row;
}

export type LockRow = typeof deviceLock.$inferSelect;

const tamperCount = sql<number>`(select count(*)::int from ${deviceTamper} where ${deviceTamper.deviceId} = ${device.id})`;
const lastTamper = sql<{ action: LocalAction; at: string } | null>`(
  select json_build_object('action', t.action, 'at', t.tried_at) from ${deviceTamper} t
  where t.device_id = ${device.id} order by t.tried_at desc, t.id desc limit 1)`;

const columns = {
  deviceId: device.id,
  deviceUuid: device.deviceUuid,
  deviceName: device.name,
  online: device.online,
  licensePlate: vehicle.licensePlate,
  locked: sql<boolean>`coalesce(${deviceLock.locked}, false)`,
  reportedLocked: deviceLock.reportedLocked,
  reportedAt: deviceLock.reportedAt,
  blockedUntil: deviceLock.blockedUntil,
  changedByName: deviceLock.changedByName,
  changedAt: deviceLock.changedAt,
  tamperCount,
  lastTamper,
};

type Row = {
  deviceId: number;
  deviceUuid: string;
  deviceName: string | null;
  online: boolean;
  licensePlate: string | null;
  locked: boolean;
  reportedLocked: boolean | null;
  reportedAt: Date | null;
  blockedUntil: Date | null;
  changedByName: string | null;
  changedAt: Date | null;
  tamperCount: number;
  lastTamper: { action: LocalAction; at: string } | null;
};

/** A block that ran out is no block. */
const blockOf = (until: Date | null, now: number) => (until && until.getTime() > now ? until.getTime() : null);

const toRecord = (row: Row, now = Date.now()): DeviceLockRecord => ({
  deviceId: row.deviceId,
  deviceUuid: row.deviceUuid,
  deviceName: row.deviceName,
  licensePlate: row.licensePlate,
  online: row.online,
  locked: row.locked,
  reportedLocked: row.reportedLocked,
  reportTime: epochMs(row.reportedAt),
  blockedUntil: blockOf(row.blockedUntil, now),
  changedBy: row.changedByName,
  changeTime: epochMs(row.changedAt),
  tamperCount: row.tamperCount,
  lastTamper: row.lastTamper ? { action: row.lastTamper.action, time: new Date(row.lastTamper.at).getTime() } : null,
});

/** What an installer's link shows: the lock, nothing of the device's organisation, name or connection. */
export const toPublicRecord = (record: DeviceLockRecord): PublicLockRecord => ({
  deviceId: record.deviceId,
  deviceUuid: record.deviceUuid,
  licensePlate: record.licensePlate,
  locked: record.locked,
  reportedLocked: record.reportedLocked,
  blockedUntil: record.blockedUntil,
});

const joined = (db: Db, where: SQL | undefined) =>
  db
    .select(columns)
    .from(device)
    .leftJoin(vehicle, eq(vehicle.id, device.vehicleId))
    .leftJoin(deviceLock, eq(deviceLock.deviceId, device.id))
    .where(where);

/** A page of devices of a scope with their locks. */
export function listLocks(db: Db, scope: SQL, query: LockListQuery): Promise<Page<DeviceLockRecord>> {
  const keyword = query.keyword?.trim();
  const where = and(
    scope,
    keyword
      ? or(
          ilike(device.deviceUuid, containing(keyword)),
          ilike(device.name, containing(keyword)),
          ilike(vehicle.licensePlate, containing(keyword)),
        )
      : undefined,
    query.locked === undefined ? undefined : sql`coalesce(${deviceLock.locked}, false) = ${query.locked}`,
  );
  return pageOf(
    query,
    joined(db, where).orderBy(desc(device.id)).$dynamic(),
    db
      .select({ n: count() })
      .from(device)
      .leftJoin(vehicle, eq(vehicle.id, device.vehicleId))
      .leftJoin(deviceLock, eq(deviceLock.deviceId, device.id))
      .where(where),
    (row) => toRecord(row as Row),
  );
}

/** Some devices with their locks, in id order. */
export async function lockRecords(db: Db, deviceIds: readonly number[]): Promise<DeviceLockRecord[]> {
  if (deviceIds.length === 0) return [];
  const rows = await joined(db, inArray(device.id, [...deviceIds])).orderBy(device.id);
  const now = Date.now();
  return rows.map((row) => toRecord(row as Row, now));
}

/** A page of the local actions a device's lock refused, newest first. */
export function listTampers(db: Db, query: TamperQuery): Promise<Page<TamperRecord>> {
  const where = eq(deviceTamper.deviceId, query.deviceId);
  return rowsPage(db, deviceTamper, where, [desc(deviceTamper.triedAt), desc(deviceTamper.id)], query, (row) => ({
    action: row.action,
    time: row.triedAt.getTime(),
  }));
}
