import type {
  Page,
  Position,
  VehicleDetail,
  VehicleDevice,
  VehicleEmailRecord,
  VehicleListQuery,
  VehicleOption,
  VehicleOptionsQuery,
  VehicleRecord,
} from '@safety-shield/contract';
import { and, asc, count, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { lockRow } from '../../db/locks.js';
import { pageOf } from '../../db/paging.js';
import { device, vehicle, vehicleEmail } from '../../db/schema.js';
import { orgName, qualified } from '../../db/subqueries.js';
import { containing, epochMs } from '../../http/pagination.js';
import type { Principal } from '../../http/principal.js';
import { outOfScope } from '../../http/scope.js';
import { placeOf } from '../../places/index.js';
import { leasedToCaller, leaseRunning, ownedVehicles, visibleVehicles } from './scope.js';

export type VehicleRow = typeof vehicle.$inferSelect;

const ofVehicle = sql`d.vehicle_id = ${qualified(vehicle.id)}`;

/** The newest position any of the vehicle's devices reported, as JSON (PGlite and pg both parse it). */
const newestPosition = sql<{ lat: number; lng: number; speed: number; heading: number; dbm: number | null; time: string } | null>`(
  select json_build_object('lat', d.lat, 'lng', d.lng, 'speed', d.speed, 'heading', d.heading, 'dbm', d.dbm,
    'time', (extract(epoch from d.position_at) * 1000)::bigint)
  from device d where ${ofVehicle} and d.position_at is not null order by d.position_at desc limit 1)`;

/** The columns of a vehicle record; `principal` decides whether the caller sees it as the lessee. */
const recordColumns = (principal: Principal) => ({
  row: vehicle,
  agentName: orgName(vehicle.belongAgentId),
  companyName: orgName(vehicle.belongCompanyId),
  fleetName: orgName(vehicle.belongFleetId),
  leaseCompanyName: orgName(vehicle.leaseCompanyId),
  leaseFleetName: orgName(vehicle.leaseFleetId),
  leasing: sql<boolean>`${leaseRunning()}`,
  leasedToCaller: leasedToCaller(principal),
  deviceCount: sql<number>`(select count(*) from device d where ${ofVehicle})`.mapWith(Number),
  online: sql<boolean>`exists (select 1 from device d where ${ofVehicle} and d.online)`,
  lastOnline: sql<Date | null>`(select max(d.last_online_at) from device d where ${ofVehicle})`.mapWith((v) => (v ? new Date(v) : null)),
  position: newestPosition,
});

type RecordRow = {
  row: VehicleRow;
  agentName: string | null;
  companyName: string | null;
  fleetName: string | null;
  leaseCompanyName: string | null;
  leaseFleetName: string | null;
  leasing: boolean;
  leasedToCaller: boolean;
  deviceCount: number;
  online: boolean;
  lastOnline: Date | null;
  position: { lat: number; lng: number; speed: number; heading: number; dbm: number | null; time: string | number } | null;
};

function toPosition(value: RecordRow['position']): Position | null {
  if (!value) return null;
  const { lat, lng } = value;
  return { lat, lng, speed: value.speed, heading: value.heading, dbm: value.dbm, time: Number(value.time), place: placeOf(lat, lng) };
}

function toRecord(r: RecordRow): VehicleRecord {
  const { row } = r;
  const leasing = Boolean(r.leasing);
  return {
    id: row.id,
    licensePlate: row.licensePlate,
    brand: row.brand,
    model: row.model,
    kindName: row.kindName,
    useFor: row.useFor,
    initialMileageKm: row.initialMileageKm,
    totalMileageKm: Math.round((row.initialMileageKm + row.drivenMeters / 1000) * 10) / 10,
    runningMinutes: Math.floor(row.runningSeconds / 60),
    attribution: row.attribution,
    address: row.address,
    customer: row.customer,
    agentId: row.belongAgentId,
    agentName: r.agentName,
    companyId: row.belongCompanyId,
    companyName: r.companyName,
    fleetId: row.belongFleetId,
    fleetName: r.fleetName,
    rentState: leasing ? 'leasing' : 'available',
    leaseCompanyId: leasing ? row.leaseCompanyId : null,
    leaseCompanyName: leasing ? r.leaseCompanyName : null,
    leaseFleetId: leasing ? row.leaseFleetId : null,
    leaseFleetName: leasing ? r.leaseFleetName : null,
    expireTime: leasing ? epochMs(row.leaseExpireAt) : null,
    leasedToCaller: Boolean(r.leasedToCaller),
    online: Boolean(r.online),
    lastOnlineTime: epochMs(r.lastOnline),
    deviceCount: r.deviceCount,
    position: toPosition(r.position),
    createTime: row.createdAt.getTime(),
  };
}

function listFilter(principal: Principal, query: VehicleListQuery): SQL | undefined {
  return and(
    visibleVehicles(principal),
    query.licensePlate ? ilike(vehicle.licensePlate, containing(query.licensePlate)) : undefined,
    query.agentId ? eq(vehicle.belongAgentId, query.agentId) : undefined,
    query.companyId ? eq(vehicle.belongCompanyId, query.companyId) : undefined,
    query.fleetId ? eq(vehicle.belongFleetId, query.fleetId) : undefined,
    query.brand ? ilike(vehicle.brand, containing(query.brand)) : undefined,
    query.rentState === 'leasing' ? leaseRunning() : query.rentState === 'available' ? sql`not (${leaseRunning()})` : undefined,
    query.online === undefined
      ? undefined
      : sql`${query.online ? sql`` : sql`not`} exists (select 1 from device d where ${ofVehicle} and d.online)`,
  );
}

export function listVehicles(db: Db, principal: Principal, query: VehicleListQuery): Promise<Page<VehicleRecord>> {
  const where = listFilter(principal, query);
  return pageOf(
    query,
    db.select(recordColumns(principal)).from(vehicle).where(where).orderBy(desc(vehicle.createdAt), desc(vehicle.id)).$dynamic(),
    db.select({ n: count() }).from(vehicle).where(where),
    toRecord,
  );
}

/** One vehicle the caller sees, by id or (normalised) plate, with its devices and notification e-mails. */
export async function findVehicleDetail(
  db: Db,
  principal: Principal,
  by: { id: number } | { licensePlate: string },
): Promise<VehicleDetail | undefined> {
  const [found] = await db
    .select(recordColumns(principal))
    .from(vehicle)
    .where(and(visibleVehicles(principal), 'id' in by ? eq(vehicle.id, by.id) : sql`upper(${vehicle.licensePlate}) = ${by.licensePlate}`));
  if (!found) return undefined;
  const [devices, emails] = await Promise.all([vehicleDevices(db, found.row.id), vehicleEmails(db, found.row.id)]);
  return { ...toRecord(found), devices, emails };
}

/** The id of a vehicle the caller sees (its own, or leased to it while the lease runs). */
export async function findVisibleVehicleId(db: Db, principal: Principal, id: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: vehicle.id })
    .from(vehicle)
    .where(and(visibleVehicles(principal), eq(vehicle.id, id)));
  return row?.id;
}

/** A vehicle the caller owns, locked for the rest of the transaction; PERMISSION_CHECK_FAIL / VEHICLE_NOT_EXIST otherwise. */
export async function lockOwnedVehicle(tx: Db, principal: Principal, id: number): Promise<VehicleRow> {
  const row = await lockRow(tx, vehicle, id, ownedVehicles(principal));
  if (!row) throw outOfScope(principal, 'VEHICLE_NOT_EXIST');
  return row;
}

export async function vehicleDevices(db: Db, vehicleId: number): Promise<VehicleDevice[]> {
  return db
    .select({
      deviceId: device.id,
      deviceUuid: device.deviceUuid,
      name: device.name,
      channels: device.channels,
      online: device.online,
      version: device.version,
    })
    .from(device)
    .where(eq(device.vehicleId, vehicleId))
    .orderBy(asc(device.boundAt), asc(device.id));
}

export async function vehicleEmails(db: Db, vehicleId: number): Promise<VehicleEmailRecord[]> {
  const rows = await db.select().from(vehicleEmail).where(eq(vehicleEmail.vehicleId, vehicleId)).orderBy(asc(vehicleEmail.id));
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    state: row.state,
    codeSentTime: epochMs(row.codeSentAt),
    verifiedTime: epochMs(row.verifiedAt),
  }));
}

/** Plates for a picker: the caller's own vehicles (devices are bound by owners), best matches first. */
export async function vehicleOptions(db: Db, scope: SQL, query: VehicleOptionsQuery): Promise<VehicleOption[]> {
  return db
    .select({
      id: vehicle.id,
      licensePlate: vehicle.licensePlate,
      deviceCount: sql<number>`(select count(*) from device d where ${ofVehicle})`.mapWith(Number),
    })
    .from(vehicle)
    .where(and(scope, query.keyword ? ilike(vehicle.licensePlate, containing(query.keyword)) : undefined))
    .orderBy(asc(vehicle.licensePlate))
    .limit(query.limit);
}
