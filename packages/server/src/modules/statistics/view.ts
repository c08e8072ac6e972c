import type { StatisticsQuery } from '@safety-shield/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { type Db, rowsOf } from '../../db/client.js';
import { eventTag, incident, statIncidentDay, statPlaceDay, vehicle } from '../../db/schema.js';
import type { Principal } from '../../http/principal.js';
import { inScope, outOfScope, seesEverything } from '../../http/scope.js';
import { visibleOrgs } from '../orgs/index.js';
import { leaseRunning, lessee, visibleVehicles } from '../vehicles/index.js';
import { dayRange, type RangeAsk, rangeHours } from './days.js';
import type { CompanySpan, View } from './repo.js';
import type { CompanyZones } from './zones.js';

interface Chained {
  belongAgentId: PgColumn;
  belongCompanyId: PgColumn;
  belongFleetId: PgColumn;
}

/** The data-source filters on a table's chain. */
const chainFilter = (table: Chained, query: StatisticsAsk): SQL[] =>
  [
    query.agentId === undefined ? undefined : eq(table.belongAgentId, query.agentId),
    query.companyId === undefined ? undefined : eq(table.belongCompanyId, query.companyId),
    query.fleetId === undefined ? undefined : eq(table.belongFleetId, query.fleetId),
  ].filter((part): part is SQL => part !== undefined);

/** Tag and type on a table of incidents. */
const incidentFilter = (table: { tagId: PgColumn; type: PgColumn }, query: StatisticsAsk): SQL[] =>
  [
    query.tagId === undefined ? undefined : eq(table.tagId, query.tagId),
    query.type === undefined ? undefined : eq(table.type, query.type),
  ].filter((part): part is SQL => part !== undefined);

const all = (parts: (SQL | undefined)[]): SQL => and(...parts) ?? sql`true`;

/**
 * A statistics question: the contract's query, or the report's (issue 19), whose ranges include last week, the last 12
 * months and custom days.
 */
export type StatisticsAsk = Omit<StatisticsQuery, 'range' | 'period'> & RangeAsk & { period?: StatisticsQuery['period'] };

/** What a statistics answer counts for a caller and a query: checked filters, the companies with their days, predicates. */
export interface StatisticsView extends View {
  /** Owned vehicles in view now, and vehicles leased into it now (allocation). */
  owned: SQL;
  leasedIn: SQL;
  /** The name of the filtered organisation or vehicle, null for the caller's whole scope. */
  dataSource: string | null;
  /** The longest span of the range among the zones in view, in hours up to now (utilisation's denominator). */
  rangeHours: number;
}

/**
 * Every organisation, vehicle and tag a query names must be one the caller may see (SPEC section 6): otherwise
 * PERMISSION_CHECK_FAIL (or, for the Super Admin, the record's not-found code). Answers the data source's name.
 */
async function checkFilters(db: Db, principal: Principal, query: StatisticsAsk): Promise<string | null> {
  let name = (await visibleOrgs(db, principal, query)).at(-1)?.name ?? null;
  if (query.vehicleId !== undefined) {
    const [found] = await db
      .select({ plate: vehicle.licensePlate })
      .from(vehicle)
      .where(and(visibleVehicles(principal), eq(vehicle.id, query.vehicleId)));
    if (!found) throw outOfScope(principal, 'VEHICLE_NOT_EXIST');
    name = found.plate;
  }
  if (query.tagId !== undefined) {
    // Tags are a company's: a Fleet Admin filters by its company's.
    const companyTags = principal.role === 'FLEET_ADMIN' ? { ...principal, role: 'COMPANY_ADMIN' as const } : principal;
    const [found] = await db
      .select({ id: eventTag.id })
      .from(eventTag)
      .where(and(inScope(companyTags, eventTag), eq(eventTag.id, query.tagId)));
    if (!found) throw outOfScope(principal, 'EVENT_TAG_NOT_EXIST');
  }
  return name;
}

/** The companies whose incidents and vehicles the caller may count, narrowed by the query's data source. */
async function companiesInView(db: Db, principal: Principal, query: StatisticsAsk): Promise<number[]> {
  const own = seesEverything(principal)
    ? sql`true`
    : principal.role === 'AGENT_ADMIN' && principal.agentId !== null
      ? sql`org.belong_agent_id = ${principal.agentId}`
      : (principal.role === 'COMPANY_ADMIN' || principal.role === 'FLEET_ADMIN') && principal.companyId !== null
        ? sql`org.id = ${principal.companyId}`
        : sql`false`;
  const narrowed = all([
    query.agentId === undefined ? undefined : sql`org.belong_agent_id = ${query.agentId}`,
    query.companyId === undefined ? undefined : sql`org.id = ${query.companyId}`,
    query.fleetId === undefined ? undefined : sql`org.id = (select f.belong_company_id from org f where f.id = ${query.fleetId})`,
    // A vehicle's incidents belong to the chains it had (a lease lends it); its trail to its owner.
    query.vehicleId === undefined
      ? undefined
      : sql`(org.id in (select distinct i.belong_company_id from incident i where i.vehicle_id = ${query.vehicleId})
          or org.id = (select v.belong_company_id from vehicle v where v.id = ${query.vehicleId}))`,
  ]);
  const result = await db.execute(sql`select org.id from org where org.kind = 'company' and ${own} and ${narrowed} order by org.id`);
  return rowsOf<{ id: number }>(result).map((row) => Number(row.id));
}

/** The checked view of a query: companies with their local days, and the predicates of every table read. */
export async function statisticsView(
  db: Db,
  zones: CompanyZones,
  principal: Principal,
  query: StatisticsAsk,
  now: number,
): Promise<StatisticsView> {
  const dataSource = await checkFilters(db, principal, query);
  const [ids, zoneOf] = await Promise.all([companiesInView(db, principal, query), zones.all()]);
  const byZone = new Map<string, ReturnType<typeof dayRange>>();
  const companies: CompanySpan[] = ids.map((id) => {
    const zone = zoneOf.get(id) ?? 'UTC';
    let days = byZone.get(zone);
    if (!days) {
      days = dayRange(zone, query, now);
      byZone.set(zone, days);
    }
    return { id, zone, from: days.from, to: days.to };
  });
  const hours = Math.max(0, ...[...byZone].map(([zone, days]) => rangeHours(zone, days, now)));
  const vehicleFilter = query.vehicleId === undefined ? undefined : eq(vehicle.id, query.vehicleId);
  const lesseeFilter = all([
    query.agentId === undefined ? undefined : eq(vehicle.leaseAgentId, query.agentId),
    query.companyId === undefined ? undefined : eq(vehicle.leaseCompanyId, query.companyId),
    query.fleetId === undefined ? undefined : eq(vehicle.leaseFleetId, query.fleetId),
  ]);
  return {
    companies,
    rolled: query.vehicleId === undefined,
    incidents: all([
      inScope(principal, incident),
      ...chainFilter(incident, query),
      ...incidentFilter(incident, query),
      query.vehicleId === undefined ? undefined : eq(incident.vehicleId, query.vehicleId),
    ]),
    incidentDays: all([
      inScope(principal, statIncidentDay),
      ...chainFilter(statIncidentDay, query),
      ...incidentFilter(statIncidentDay, query),
    ]),
    placeDays: all([inScope(principal, statPlaceDay), ...chainFilter(statPlaceDay, query), ...incidentFilter(statPlaceDay, query)]),
    vehicles: all([inScope(principal, vehicle), ...chainFilter(vehicle, query), vehicleFilter]),
    owned: all([inScope(principal, vehicle), ...chainFilter(vehicle, query), vehicleFilter]),
    leasedIn: all([leaseRunning(), inScope(principal, lessee), lesseeFilter, vehicleFilter]),
    dataSource,
    rangeHours: hours,
  };
}
