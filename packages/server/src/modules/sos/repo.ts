import type { SosEntry, SosHistoryPage } from '@safety-shield/contract';
import { and, count, desc, eq, ne, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { type Paging, pageOf } from '../../db/paging.js';
import { sos } from '../../db/schema.js';

export type SosRow = typeof sos.$inferSelect;

/** The columns an S.O.S entry is read from. */
export const sosColumns = {
  id: sos.id,
  deviceId: sos.deviceId,
  deviceUuid: sos.deviceUuid,
  vehicleId: sos.vehicleId,
  licensePlate: sos.licensePlate,
  incidentId: sos.incidentId,
  startLocalTime: sos.startLocalTime,
  startAt: sos.startAt,
  stopAt: sos.stopAt,
  lat: sos.lat,
  lng: sos.lng,
  state: sos.state,
  closedByName: sos.closedByName,
  closedAt: sos.closedAt,
  belongAgentId: sos.belongAgentId,
  belongCompanyId: sos.belongCompanyId,
  belongFleetId: sos.belongFleetId,
};

export type SosRead = Pick<SosRow, keyof typeof sosColumns>;

export function toEntry(row: SosRead): SosEntry {
  return {
    id: row.id,
    deviceId: row.deviceId,
    deviceUuid: row.deviceUuid,
    vehicleId: row.vehicleId,
    licensePlate: row.licensePlate,
    startLocalTime: row.startLocalTime,
    startTime: row.startAt.getTime(),
    stopTime: row.stopAt?.getTime() ?? null,
    eventId: row.incidentId,
    lat: row.lat,
    lng: row.lng,
    state: row.state,
    closedBy: row.closedByName,
    closedTime: row.closedAt?.getTime() ?? null,
  };
}

/** The bus event of a change, with the chain that decides who sees it. */
export const sosEvent = (state: 'started' | 'stopped' | 'closed', row: SosRead) => ({
  state,
  sos: toEntry(row),
  agentId: row.belongAgentId,
  companyId: row.belongCompanyId,
  fleetId: row.belongFleetId,
});

/** Open: not closed by an operator yet, whether the device still signals it (active) or let go (stopped). */
const open = ne(sos.state, 'closed');
const newestFirst = [desc(sos.startAt), desc(sos.id)];

/** The newest open S.O.S of a scope, at most `max`. */
export async function openSos(db: Db, scope: SQL, max: number): Promise<SosEntry[]> {
  const rows = await db
    .select(sosColumns)
    .from(sos)
    .where(and(scope, open))
    .orderBy(...newestFirst)
    .limit(max);
  return rows.map(toEntry);
}

export async function countOpenSos(db: Db, scope: SQL): Promise<number> {
  const [row] = await db.select({ n: count() }).from(sos).where(and(scope, open));
  return row?.n ?? 0;
}

/** A page of every S.O.S of a scope, closed ones too, newest first. */
export function sosHistory(db: Db, scope: SQL, paging: Paging): Promise<SosHistoryPage> {
  return pageOf(
    paging,
    db
      .select(sosColumns)
      .from(sos)
      .where(scope)
      .orderBy(...newestFirst)
      .$dynamic(),
    db.select({ n: count() }).from(sos).where(scope),
    (row) => ({ ...toEntry(row), vehicleLicensePlate: row.licensePlate, localTime: row.startLocalTime }),
  );
}

/** One S.O.S of a scope, locked for the rest of the transaction. */
export async function lockSos(tx: Db, scope: SQL, id: number): Promise<SosRead | undefined> {
  const [row] = await tx
    .select(sosColumns)
    .from(sos)
    .where(and(eq(sos.id, id), scope))
    .for('update');
  return row;
}

/** Closes an S.O.S in an operator's name. */
export async function closeSos(tx: Db, id: number, by: { accountId: number; username: string }): Promise<SosRead | undefined> {
  const [row] = await tx
    .update(sos)
    .set({ state: 'closed', closedById: by.accountId, closedByName: by.username, closedAt: new Date() })
    .where(eq(sos.id, id))
    .returning(sosColumns);
  return row;
}
