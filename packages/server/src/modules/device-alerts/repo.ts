import type { DeviceAlert, DeviceAlertQuery, Page } from '@safety-shield/contract';
import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { pageOf } from '../../db/paging.js';
import { device, deviceAlert, vehicle } from '../../db/schema.js';
import { chainColumns } from '../../db/subqueries.js';
import { containing, epochMs } from '../../http/pagination.js';

/** A device by part of its uuid, its name or its vehicle's plate, any case (the device and vehicle tables joined). */
export const deviceKeyword = (keyword: string | undefined): SQL | undefined =>
  keyword
    ? or(
        ilike(device.deviceUuid, containing(keyword)),
        ilike(device.name, containing(keyword)),
        ilike(vehicle.licensePlate, containing(keyword)),
      )
    : undefined;

/** A pending alert: the fault holds and nobody handled it. What the badge and the dashboard count. */
export const pendingAlerts = sql`${deviceAlert.clearedAt} is null and ${deviceAlert.handledAt} is null`;

function stateFilter(state: DeviceAlertQuery['state']): SQL | undefined {
  switch (state) {
    case 'pending':
      return pendingAlerts;
    case 'handled':
      return and(isNull(deviceAlert.clearedAt), isNotNull(deviceAlert.handledAt));
    case 'cleared':
      return isNotNull(deviceAlert.clearedAt);
    case 'open':
      return isNull(deviceAlert.clearedAt);
    default:
      return undefined;
  }
}

/** An alert as the list reads it: with its device and the vehicle the device is bound to now. */
const columns = {
  id: deviceAlert.id,
  deviceId: deviceAlert.deviceId,
  deviceUuid: device.deviceUuid,
  deviceName: device.name,
  vehicleId: device.vehicleId,
  licensePlate: vehicle.licensePlate,
  code: deviceAlert.code,
  channel: deviceAlert.channel,
  raisedAt: deviceAlert.raisedAt,
  clearedAt: deviceAlert.clearedAt,
  handledAt: deviceAlert.handledAt,
  handledBy: deviceAlert.handledByName,
  note: deviceAlert.note,
};

interface Row {
  id: number;
  deviceId: number;
  deviceUuid: string;
  deviceName: string | null;
  vehicleId: number | null;
  licensePlate: string | null;
  code: string;
  channel: number;
  raisedAt: Date;
  clearedAt: Date | null;
  handledAt: Date | null;
  handledBy: string | null;
  note: string | null;
}

const toAlert = (row: Row): DeviceAlert => ({
  id: row.id,
  deviceId: row.deviceId,
  deviceUuid: row.deviceUuid,
  deviceName: row.deviceName,
  vehicleId: row.vehicleId,
  licensePlate: row.licensePlate,
  code: row.code as DeviceAlert['code'],
  channel: row.channel === 0 ? null : row.channel,
  state: row.clearedAt ? 'cleared' : row.handledAt ? 'handled' : 'pending',
  raisedTime: row.raisedAt.getTime(),
  clearedTime: epochMs(row.clearedAt),
  handledTime: epochMs(row.handledAt),
  handledBy: row.handledBy,
  note: row.note,
});

/** How many pending alerts the devices of a scope have. */
export async function countPending(db: Db, scope: SQL): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(deviceAlert)
    .innerJoin(device, eq(device.id, deviceAlert.deviceId))
    .where(and(scope, pendingAlerts));
  return row?.n ?? 0;
}

/** Whether a device is one of a scope's. */
export async function deviceInScope(db: Db, scope: SQL, deviceId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: device.id })
    .from(device)
    .where(and(scope, eq(device.id, deviceId)));
  return row !== undefined;
}

/** A page of the alerts of a scope's devices, newest first. */
export function listAlerts(db: Db, scope: SQL, query: DeviceAlertQuery): Promise<Page<DeviceAlert>> {
  const keyword = query.keyword?.trim();
  const where = and(
    scope,
    stateFilter(query.state),
    query.code ? eq(deviceAlert.code, query.code) : undefined,
    query.deviceId === undefined ? undefined : eq(deviceAlert.deviceId, query.deviceId),
    deviceKeyword(keyword),
  );
  return pageOf(
    query,
    db
      .select(columns)
      .from(deviceAlert)
      .innerJoin(device, eq(device.id, deviceAlert.deviceId))
      .leftJoin(vehicle, eq(vehicle.id, device.vehicleId))
      .where(where)
      .orderBy(desc(deviceAlert.raisedAt), desc(deviceAlert.id))
      .$dynamic(),
    db
      .select({ n: count() })
      .from(deviceAlert)
      .innerJoin(device, eq(device.id, deviceAlert.deviceId))
      .leftJoin(vehicle, eq(vehicle.id, device.vehicleId))
      .where(where),
    toAlert,
  );
}

/** The alerts of a scope's devices among `ids`, locked, with the chain of each device. */
export function lockAlerts(tx: Db, scope: SQL, ids: number[]) {
  return tx
    .select({
      id: deviceAlert.id,
      deviceId: deviceAlert.deviceId,
      clearedAt: deviceAlert.clearedAt,
      handledAt: deviceAlert.handledAt,
      ...chainColumns(device),
    })
    .from(deviceAlert)
    .innerJoin(device, eq(device.id, deviceAlert.deviceId))
    .where(and(inArray(deviceAlert.id, ids), scope))
    .for('update', { of: deviceAlert });
}

/** Marks alerts handled by an operator, with an optional note. */
export async function markHandled(tx: Db, ids: number[], by: { accountId: number; username: string }, note: string | null): Promise<void> {
  await tx
    .update(deviceAlert)
    .set({ handledAt: new Date(), handledById: by.accountId, handledByName: by.username, note })
    .where(inArray(deviceAlert.id, ids));
}
