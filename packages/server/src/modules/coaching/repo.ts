import type { CoachingInfo, CoachingQueueQuery, CoachingRecord, IncidentType, Page } from '@safety-shield/contract';
import { and, asc, count, desc, eq, gte, ilike, inArray, isNull, lte, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { pageOf } from '../../db/paging.js';
import { incident, incidentCoaching, incidentHistory } from '../../db/schema.js';
import { orgName } from '../../db/subqueries.js';
import { containing, epochMs } from '../../http/pagination.js';
import type { Principal } from '../../http/principal.js';
import { inScope } from '../../http/scope.js';
import { visibleOrgs } from '../orgs/index.js';

export type CoachingRow = typeof incidentCoaching.$inferSelect;

/** The queue's and the figures' organisation filters, each refused when the caller may not see it (SPEC section 6). */
export async function checkOrgFilters(db: Db, principal: Principal, filters: { agentId?: number; companyId?: number; fleetId?: number }) {
  await visibleOrgs(db, principal, filters);
}

/** Coaching rows of the caller's scope whose incident is live, of an organisation; the queue and the figures share it. */
export function coachingScope(
  principal: Principal,
  filters: { agentId?: number; companyId?: number; fleetId?: number; startTime?: number; endTime?: number },
) {
  return and(
    inScope(principal, incidentCoaching),
    isNull(incident.deletedAt),
    filters.agentId === undefined ? undefined : eq(incidentCoaching.belongAgentId, filters.agentId),
    filters.companyId === undefined ? undefined : eq(incidentCoaching.belongCompanyId, filters.companyId),
    filters.fleetId === undefined ? undefined : eq(incidentCoaching.belongFleetId, filters.fleetId),
    filters.startTime === undefined ? undefined : gte(incident.triggerAt, new Date(filters.startTime)),
    filters.endTime === undefined ? undefined : lte(incident.triggerAt, new Date(filters.endTime)),
  );
}

const queueColumns = {
  coaching: incidentCoaching,
  type: incident.type,
  triggerAt: incident.triggerAt,
  vehicleId: incident.vehicleId,
  licensePlate: incident.licensePlate,
  companyName: orgName(incidentCoaching.belongCompanyId),
  fleetName: orgName(incidentCoaching.belongFleetId),
};

const coachingFields = (row: CoachingRow) => ({
  markedBy: row.markedByName,
  markedTime: row.markedAt.getTime(),
  markNote: row.markNote,
  closedBy: row.closedByName,
  closedTime: epochMs(row.closedAt),
  closingNote: row.closingNote,
});

/** A page of the queue: the filters of CoachingQueueQuery, ordered by the time of the mark (oldest first unless asked). */
export function coachingQueue(db: Db, principal: Principal, query: CoachingQueueQuery, now = Date.now()): Promise<Page<CoachingRecord>> {
  const where: SQL | undefined = and(
    coachingScope(principal, query),
    query.state === undefined ? undefined : eq(incidentCoaching.state, query.state),
    query.licensePlate ? ilike(incident.licensePlate, containing(query.licensePlate)) : undefined,
    query.vehicleId === undefined ? undefined : eq(incident.vehicleId, query.vehicleId),
    query.type?.length ? inArray(incident.type, query.type) : undefined,
  );
  const direction = query.sort === 'newest' ? desc : asc;
  return pageOf(
    query,
    db
      .select(queueColumns)
      .from(incidentCoaching)
      .innerJoin(incident, eq(incident.id, incidentCoaching.incidentId))
      .where(where)
      .orderBy(direction(incidentCoaching.markedAt), direction(incidentCoaching.incidentId))
      .$dynamic(),
    db.select({ n: count() }).from(incidentCoaching).innerJoin(incident, eq(incident.id, incidentCoaching.incidentId)).where(where),
    ({ coaching, ...row }): CoachingRecord => ({
      eventId: coaching.incidentId,
      type: row.type as IncidentType,
      triggerTime: row.triggerAt.getTime(),
      vehicleId: row.vehicleId,
      licensePlate: row.licensePlate,
      companyId: coaching.belongCompanyId,
      companyName: row.companyName,
      fleetId: coaching.belongFleetId,
      fleetName: row.fleetName,
      state: coaching.state,
      ...coachingFields(coaching),
      ageMs: Math.max(0, (coaching.closedAt?.getTime() ?? now) - coaching.markedAt.getTime()),
    }),
  );
}

/** An incident's coaching as the info call answers it; `none` without a row. */
export function toCoachingInfo(incidentId: number, row: CoachingRow | undefined): CoachingInfo {
  if (!row)
    return {
      eventId: incidentId,
      state: 'none',
      markedBy: null,
      markedTime: null,
      markNote: null,
      closedBy: null,
      closedTime: null,
      closingNote: null,
    };
  return { eventId: incidentId, state: row.state, ...coachingFields(row) };
}

/** The coaching row of an incident, locked for the rest of the transaction when `lock`. */
export async function coachingOf(tx: Db, incidentId: number, lock = false): Promise<CoachingRow | undefined> {
  const select = tx.select().from(incidentCoaching).where(eq(incidentCoaching.incidentId, incidentId));
  const [row] = lock ? await select.for('update') : await select;
  return row;
}

/** Lines in the incidents' history (the detail page's timeline shows them beside the reviews and comments). */
export function writeCoachingHistory(tx: Db, principal: Principal, incidentIds: number[], action: string, detail: unknown = null) {
  if (incidentIds.length === 0) return Promise.resolve();
  return tx.insert(incidentHistory).values(incidentIds.map((incidentId) => ({ incidentId, action, username: principal.username, detail })));
}
