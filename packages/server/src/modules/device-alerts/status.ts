import type { DeviceRunningStatus, DeviceStatusPage, DeviceStatusQuery } from '@safety-shield/contract';
import { and, asc, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { offsetOf } from '../../db/paging.js';
import { device, deviceAlert, vehicle } from '../../db/schema.js';
import { epochMs } from '../../http/pagination.js';
import { type FaultJson, openFaultsOf, toOpenFaults } from '../devices/index.js';
import { deviceKeyword } from './repo.js';

/** Open alerts per device (the partial index `device_alert_open_idx` holds exactly them): how many, and how many wait. */
function openCounts(db: Db) {
  return db
    .select({
      deviceId: deviceAlert.deviceId,
      open: sql<number>`count(*)`.as('open_count'),
      pending: sql<number>`count(*) filter (where ${deviceAlert.handledAt} is null)`.as('pending_count'),
    })
    .from(deviceAlert)
    .where(isNull(deviceAlert.clearedAt))
    .groupBy(deviceAlert.deviceId)
    .as('open_faults');
}

function statusFilter(scope: SQL, query: DeviceStatusQuery, open: ReturnType<typeof openCounts>): SQL | undefined {
  const keyword = query.keyword?.trim();
  return and(
    scope,
    query.deviceId === undefined ? undefined : eq(device.id, query.deviceId),
    query.online === undefined ? undefined : eq(device.online, query.online),
    query.faults === 'open' ? sql`${open.open} > 0` : undefined,
    query.faults === 'pending' ? sql`${open.pending} > 0` : undefined,
    query.faults === 'none' ? isNull(open.deviceId) : undefined,
    deviceKeyword(keyword),
  );
}

/**
 * A page of a scope's devices with their running status, in one statement: the page of devices (those with a pending
 * fault first, then those still failing, then by uuid) with the list's total beside each row, and each device's open
 * faults aggregated for the page's rows only. Only a page past the end needs a second statement, to count.
 */
export async function listDeviceStatus(db: Db, scope: SQL, query: DeviceStatusQuery): Promise<DeviceStatusPage> {
  const open = openCounts(db);
  const where = statusFilter(scope, query, open);
  const pendingCount = sql<number>`coalesce(${open.pending}, 0)`;
  const openCount = sql<number>`coalesce(${open.open}, 0)`;
  const paged = db
    .select({
      id: device.id,
      deviceUuid: device.deviceUuid,
      name: device.name,
      vehicleId: device.vehicleId,
      licensePlate: vehicle.licensePlate,
      online: device.online,
      lastOnlineAt: device.lastOnlineAt,
      healthAt: device.healthAt,
      pending: pendingCount.as('pending'),
      hasPending: sql<boolean>`${pendingCount} > 0`.as('has_pending'),
      hasOpen: sql<boolean>`${openCount} > 0`.as('has_open'),
      total: sql<number>`count(*) over ()`.as('total'),
    })
    .from(device)
    .leftJoin(vehicle, eq(vehicle.id, device.vehicleId))
    .leftJoin(open, eq(open.deviceId, device.id))
    .where(where)
    .orderBy(desc(sql`${pendingCount} > 0`), desc(sql`${openCount} > 0`), asc(device.deviceUuid), asc(device.id))
    .limit(query.limit)
    .offset(offsetOf(query))
    .as('paged');
  // Named with its table: the outer query has no join, so Drizzle would leave `id` bare, and the subquery read its own.
  const pagedId = sql`${sql.identifier('paged')}.${sql.identifier('id')}`;
  const rows = await db
    .select({
      id: paged.id,
      deviceUuid: paged.deviceUuid,
      name: paged.name,
      vehicleId: paged.vehicleId,
      licensePlate: paged.licensePlate,
      online: paged.online,
      lastOnlineAt: paged.lastOnlineAt,
      healthAt: paged.healthAt,
      pending: paged.pending,
      total: paged.total,
      faults: openFaultsOf(pagedId),
    })
    .from(paged)
    .orderBy(desc(paged.hasPending), desc(paged.hasOpen), asc(paged.deviceUuid), asc(paged.id));

  const total =
    rows[0] !== undefined
      ? Number(rows[0].total)
      : query.page === 1
        ? 0
        : ((
            await db
              .select({ n: count() })
              .from(device)
              .leftJoin(vehicle, eq(vehicle.id, device.vehicleId))
              .leftJoin(open, eq(open.deviceId, device.id))
              .where(where)
          )[0]?.n ?? 0);
  return { records: rows.map(toStatus), total };
}

function toStatus(row: {
  id: number;
  deviceUuid: string;
  name: string | null;
  vehicleId: number | null;
  licensePlate: string | null;
  online: boolean;
  lastOnlineAt: Date | null;
  healthAt: Date | null;
  pending: number;
  faults: FaultJson[] | string;
}): DeviceRunningStatus {
  return {
    deviceId: row.id,
    deviceUuid: row.deviceUuid,
    name: row.name,
    vehicleId: row.vehicleId,
    licensePlate: row.licensePlate,
    online: row.online,
    lastOnlineTime: epochMs(row.lastOnlineAt),
    healthTime: epochMs(row.healthAt),
    openFaults: toOpenFaults(row.faults),
    pending: Number(row.pending),
  };
}
