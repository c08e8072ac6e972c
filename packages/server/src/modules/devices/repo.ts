import type { BindLogQuery, BindLogRecord, DeviceListQuery, DeviceRecord, Page } from '@safety-shield/contract';
import { and, count, desc, eq, gte, ilike, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { lockRow } from '../../db/locks.js';
import { inBatches, pageOf, rowsPage } from '../../db/paging.js';
import { device, deviceBindLog, gpsPoint } from '../../db/schema.js';
import { orgName, qualified } from '../../db/subqueries.js';
import { containing, epochMs } from '../../http/pagination.js';
import type { Principal } from '../../http/principal.js';
import { inScope, outOfScope } from '../../http/scope.js';
import { placeOf } from '../../places/index.js';
import { type FaultJson, faultFilter, openFaultsOf, toOpenFaults } from './faults.js';

export type DeviceRow = typeof device.$inferSelect;
type Filters = Omit<DeviceListQuery, 'page' | 'limit'>;

const columns = {
  row: device,
  licensePlate: sql<string | null>`(select v.license_plate from vehicle v where v.id = ${qualified(device.vehicleId)})`,
  agentName: orgName(device.belongAgentId),
  companyName: orgName(device.belongCompanyId),
  fleetName: orgName(device.belongFleetId),
  openFaults: openFaultsOf(qualified(device.id)),
};

type Found = {
  row: DeviceRow;
  licensePlate: string | null;
  agentName: string | null;
  companyName: string | null;
  fleetName: string | null;
  openFaults: FaultJson[] | string;
};

export function toDeviceRecord({ row, openFaults, ...names }: Found, now = Date.now()): DeviceRecord {
  // The running connection counts too: a device online for an hour shows that hour.
  const running = row.online && row.lastOnlineAt ? Math.max(0, Math.floor((now - row.lastOnlineAt.getTime()) / 1000)) : 0;
  return {
    deviceId: row.id,
    deviceUuid: row.deviceUuid,
    protocol: row.protocol,
    name: row.name,
    channels: row.channels,
    online: row.online,
    firstOnlineTime: epochMs(row.firstOnlineAt),
    lastOnlineTime: epochMs(row.lastOnlineAt),
    lastOfflineTime: epochMs(row.lastOfflineAt),
    connectedSeconds: row.connectedSeconds + running,
    iccid: row.iccid,
    version: row.version,
    vehicleId: row.vehicleId,
    licensePlate: names.licensePlate,
    agentId: row.belongAgentId,
    agentName: names.agentName,
    companyId: row.belongCompanyId,
    companyName: names.companyName,
    fleetId: row.belongFleetId,
    fleetName: names.fleetName,
    position:
      row.lat !== null && row.lng !== null && row.positionAt
        ? {
            lat: row.lat,
            lng: row.lng,
            speed: row.speed ?? 0,
            heading: row.heading ?? 0,
            dbm: row.dbm,
            time: row.positionAt.getTime(),
            place: placeOf(row.lat, row.lng),
          }
        : null,
    openFaults: toOpenFaults(openFaults),
    updateTime: row.updatedAt.getTime(),
    createTime: row.createdAt.getTime(),
  };
}

export function deviceFilter(scope: SQL, query: Filters): SQL | undefined {
  return and(
    scope,
    query.keyword ? or(ilike(device.deviceUuid, containing(query.keyword)), ilike(device.name, containing(query.keyword))) : undefined,
    query.online === undefined ? undefined : eq(device.online, query.online),
    query.matched === undefined ? undefined : query.matched ? isNotNull(device.vehicleId) : isNull(device.vehicleId),
    query.agentId ? eq(device.belongAgentId, query.agentId) : undefined,
    query.companyId ? eq(device.belongCompanyId, query.companyId) : undefined,
    query.fleetId ? eq(device.belongFleetId, query.fleetId) : undefined,
    query.version ? eq(device.version, query.version) : undefined,
    query.licensePlate
      ? sql`exists (select 1 from vehicle v where v.id = ${qualified(device.vehicleId)} and v.license_plate ilike ${containing(query.licensePlate)})`
      : undefined,
    query.startTime === undefined ? undefined : gte(device.createdAt, new Date(query.startTime)),
    query.endTime === undefined ? undefined : lte(device.createdAt, new Date(query.endTime)),
    faultFilter(qualified(device.id), query.faults, query.faultCode),
    query.protocol ? eq(device.protocol, query.protocol) : undefined,
  );
}

export function listDevices(db: Db, scope: SQL, query: DeviceListQuery): Promise<Page<DeviceRecord>> {
  const where = deviceFilter(scope, query);
  const now = Date.now();
  return pageOf(
    query,
    db.select(columns).from(device).where(where).orderBy(desc(device.createdAt), desc(device.id)).$dynamic(),
    db.select({ n: count() }).from(device).where(where),
    (row) => toDeviceRecord(row, now),
  );
}

/** One device of a scope, by its id or its UUID. */
export async function findDevice(db: Db, scope: SQL, by: { id: number } | { deviceUuid: string }): Promise<DeviceRecord | undefined> {
  const [row] = await db
    .select(columns)
    .from(device)
    .where(and(scope, 'id' in by ? eq(device.id, by.id) : eq(device.deviceUuid, by.deviceUuid)));
  return row ? toDeviceRecord(row) : undefined;
}

/** A device the caller sees, locked for the rest of the transaction; PERMISSION_CHECK_FAIL / DEVICE_NOT_EXIST otherwise. */
export async function lockDevice(tx: Db, principal: Principal, deviceId: number): Promise<DeviceRow> {
  const row = await lockRow(tx, device, deviceId, inScope(principal, device));
  if (!row) throw outOfScope(principal, 'DEVICE_NOT_EXIST');
  return row;
}

/** Every device of a filter, newest first, a batch at a time (exports stream them). */
export async function* deviceBatches(db: Db, scope: SQL, query: Filters) {
  const filter = deviceFilter(scope, query);
  const select = (below: SQL | undefined) => db.select(columns).from(device).where(and(filter, below)).$dynamic();
  for await (const rows of inBatches(device.id, select, (found) => found.row.id)) {
    const now = Date.now();
    yield rows.map((row) => toDeviceRecord(row, now));
  }
}

export async function deviceVersions(db: Db, scope: SQL) {
  return db
    .select({ version: sql<string>`${device.version}`, count: count() })
    .from(device)
    .where(and(scope, isNotNull(device.version)))
    .groupBy(device.version)
    .orderBy(desc(device.version));
}

/** Network strength over a range, as the trail recorded it; at most 5,000 samples, thinned evenly in the database. */
export async function dbmSamples(db: Db, deviceId: number, startTime: number, endTime: number) {
  const range = and(
    eq(gpsPoint.deviceId, deviceId),
    gte(gpsPoint.at, new Date(startTime)),
    lte(gpsPoint.at, new Date(endTime)),
    isNotNull(gpsPoint.dbm),
  );
  const [total] = await db.select({ n: count() }).from(gpsPoint).where(range);
  const stride = Math.max(1, Math.ceil((total?.n ?? 0) / 5000));
  const numbered = db
    .select({ at: gpsPoint.at, dbm: gpsPoint.dbm, n: sql<number>`row_number() over (order by ${gpsPoint.at})`.as('n') })
    .from(gpsPoint)
    .where(range)
    .as('numbered');
  const rows = await db
    .select({ at: numbered.at, dbm: numbered.dbm })
    .from(numbered)
    .where(sql`(${numbered.n} - 1) % ${stride} = 0`)
    .orderBy(numbered.at);
  return rows.map((row) => ({ time: row.at.getTime(), dbm: row.dbm ?? 0 }));
}

export function listBindLog(db: Db, scope: SQL, query: BindLogQuery): Promise<Page<BindLogRecord>> {
  const where = and(
    scope,
    query.deviceId ? eq(deviceBindLog.deviceId, query.deviceId) : undefined,
    query.vehicleId ? eq(deviceBindLog.vehicleId, query.vehicleId) : undefined,
    query.keyword
      ? or(ilike(deviceBindLog.deviceUuid, containing(query.keyword)), ilike(deviceBindLog.licensePlate, containing(query.keyword)))
      : undefined,
  );
  return rowsPage(db, deviceBindLog, where, [desc(deviceBindLog.at), desc(deviceBindLog.id)], query, (row) => ({
    id: row.id,
    deviceId: row.deviceId,
    deviceUuid: row.deviceUuid,
    vehicleId: row.vehicleId,
    licensePlate: row.licensePlate,
    action: row.action,
    forced: row.forced,
    username: row.username,
    time: row.at.getTime(),
  }));
}
