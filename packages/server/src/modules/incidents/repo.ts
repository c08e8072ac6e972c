import type {
  CommentRecord,
  HistoryRecord,
  IncidentDetail,
  IncidentListQuery,
  IncidentRecord,
  IncidentType,
  Page,
} from '@safety-shield/contract';
import { and, asc, count, desc, eq, gte, ilike, isNotNull, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { inBatches, type ListStatements, offsetOf, type Paging, preparedPage, rowsPage } from '../../db/paging.js';
import { anyOf, placeholders, Statements } from '../../db/prepared.js';
import { incident, incidentComment, incidentHistory, incidentResource } from '../../db/schema.js';
import { orgName, qualified } from '../../db/subqueries.js';
import { containing, epochMs } from '../../http/pagination.js';
import type { Principal } from '../../http/principal.js';
import { asIs, type Bind, inScope } from '../../http/scope.js';
import { placeOf } from '../../places/index.js';

type Filters = Omit<IncidentListQuery, 'page' | 'limit'>;
const ofIncident = sql`r.incident_id = ${qualified(incident.id)}`;

const columns = {
  row: incident,
  tagName: sql<string | null>`(select t.name from event_tag t where t.id = ${qualified(incident.tagId)})`,
  companyName: orgName(incident.belongCompanyId),
  fleetName: orgName(incident.belongFleetId),
  pictures: sql<number>`(select count(*) from incident_resource r where ${ofIncident} and r.kind = 'picture')`.mapWith(Number),
  videos: sql<number>`(select count(*) from incident_resource r where ${ofIncident} and r.kind = 'video')`.mapWith(Number),
  comments: sql<number>`(select count(*) from incident_comment c where c.incident_id = ${qualified(incident.id)})`.mapWith(Number),
};

type IncidentRow = typeof incident.$inferSelect;

type Found = {
  row: IncidentRow;
  tagName: string | null;
  companyName: string | null;
  fleetName: string | null;
  pictures: number;
  videos: number;
  comments: number;
};

/** What the device reported of the moment: its speed, the times and the position. A shared link shows it too. */
export const triggerReading = (row: IncidentRow) => ({
  speed: row.speed,
  triggerTime: row.triggerAt.getTime(),
  deviceTime: epochMs(row.deviceAt),
  localTime: row.localTime,
  lat: row.lat,
  lng: row.lng,
  place: placeOf(row.lat, row.lng),
});

export function toIncidentRecord({ row, ...rest }: Found): IncidentRecord {
  return {
    eventId: row.id,
    type: row.type as IncidentType,
    description: row.description,
    tagId: row.tagId,
    tagName: rest.tagName,
    licensePlate: row.licensePlate,
    vehicleId: row.vehicleId,
    deviceId: row.deviceId,
    deviceUuid: row.deviceUuid,
    ...triggerReading(row),
    channel: row.channel,
    driverName: row.driverName,
    driverLicence: row.driverLicence,
    reviewState: row.reviewState,
    reviewTime: epochMs(row.reviewedAt),
    latestReviewer: row.reviewerName,
    companyId: row.belongCompanyId,
    companyName: rest.companyName,
    fleetId: row.belongFleetId,
    fleetName: rest.fleetName,
    pictures: rest.pictures,
    videos: rest.videos,
    comments: rest.comments,
    deletedTime: epochMs(row.deletedAt),
  };
}

/** The list's filters; `binned` chooses the recycle bin or the live list; `bind` may make the values placeholders. */
export function incidentFilter(scope: SQL, query: Filters, binned: boolean, bind: Bind = asIs): SQL | undefined {
  return and(
    scope,
    binned ? isNotNull(incident.deletedAt) : isNull(incident.deletedAt),
    query.startTime === undefined ? undefined : gte(incident.triggerAt, bind('startTime', new Date(query.startTime))),
    query.endTime === undefined ? undefined : lte(incident.triggerAt, bind('endTime', new Date(query.endTime))),
    query.licensePlate ? ilike(incident.licensePlate, bind('licensePlate', containing(query.licensePlate))) : undefined,
    query.vehicleId ? eq(incident.vehicleId, bind('vehicleId', query.vehicleId)) : undefined,
    query.companyId ? eq(incident.belongCompanyId, bind('companyId', query.companyId)) : undefined,
    query.fleetId ? eq(incident.belongFleetId, bind('fleetId', query.fleetId)) : undefined,
    query.type?.length ? anyOf(incident.type, bind('type', query.type)) : undefined,
    query.tagId?.length ? anyOf(incident.tagId, bind('tagId', query.tagId)) : undefined,
    query.reviewState ? eq(incident.reviewState, bind('reviewState', query.reviewState)) : undefined,
    query.minSpeed === undefined ? undefined : gte(incident.speed, bind('minSpeed', query.minSpeed)),
    query.maxSpeed === undefined ? undefined : lte(incident.speed, bind('maxSpeed', query.maxSpeed)),
  );
}

/** The list's two statements of one shape: a page (its ids chosen first, see below) and the count. */
const listStatements = new Statements<ListStatements<Found>>('incident_list');

/**
 * A page of incidents, through prepared statements per filter shape. The page's ids are chosen first (an index walk
 * in list order), so the per-row extras (tag and organisation names, evidence and comment counts) are worked out for
 * those rows only, not for every match. `knownTotal` (a cached count for the same scope and filters) saves the count.
 */
export function listIncidents(
  db: Db,
  principal: Principal,
  query: IncidentListQuery,
  binned = false,
  knownTotal?: number,
): Promise<Page<IncidentRecord>> {
  const { bind, values } = placeholders();
  const where = incidentFilter(inScope(principal, incident, bind), query, binned, bind);
  bind('limit', query.limit);
  bind('offset', offsetOf(query));
  const statements = listStatements.get(db, sql`${binned}${where}`, (name) => {
    const order = [desc(binned ? incident.deletedAt : incident.triggerAt), desc(incident.id)];
    const page = db
      .select({ id: incident.id })
      .from(incident)
      .where(where)
      .orderBy(...order)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .as('page');
    return {
      page: db
        .select(columns)
        .from(incident)
        .innerJoin(page, eq(incident.id, page.id))
        .orderBy(...order)
        .prepare(`${name}_p`),
      count: db.select({ n: count() }).from(incident).where(where).prepare(`${name}_c`),
    };
  });
  return preparedPage(statements, values, knownTotal, toIncidentRecord);
}

/** Every incident of a filter, newest first, a batch at a time (the export streams them). */
export async function* incidentBatches(db: Db, scope: SQL, query: Filters) {
  const filter = incidentFilter(scope, query, false);
  const select = (below: SQL | undefined) => db.select(columns).from(incident).where(and(filter, below)).$dynamic();
  for await (const rows of inBatches(incident.id, select, (found) => found.row.id)) yield rows.map(toIncidentRecord);
}

export async function findIncident(db: Db, scope: SQL, incidentId: number): Promise<IncidentDetail | undefined> {
  const [found] = await db
    .select(columns)
    .from(incident)
    .where(and(scope, eq(incident.id, incidentId)));
  if (!found) return undefined;
  const resources = await db
    .select()
    .from(incidentResource)
    .where(eq(incidentResource.incidentId, incidentId))
    .orderBy(asc(incidentResource.channel), asc(incidentResource.kind), asc(incidentResource.id));
  return {
    ...toIncidentRecord(found),
    resources: resources.map((r) => ({
      resourceId: r.id,
      name: r.deviceResourceId,
      kind: r.kind,
      channel: r.channel,
      state: r.state,
      failReason: r.failReason,
      sizeBytes: r.sizeBytes,
      sha256: r.sha256,
      startTime: epochMs(r.startAt),
      endTime: epochMs(r.endAt),
    })),
  };
}

/** One evidence row of an incident. */
export async function findResource(db: Db, incidentId: number, resourceId: number) {
  const [row] = await db
    .select()
    .from(incidentResource)
    .where(and(eq(incidentResource.incidentId, incidentId), eq(incidentResource.id, resourceId)));
  return row;
}

export function listComments(db: Db, incidentId: number, page: Paging): Promise<Page<CommentRecord>> {
  const where = eq(incidentComment.incidentId, incidentId);
  return rowsPage(db, incidentComment, where, [desc(incidentComment.at), desc(incidentComment.id)], page, (r) => ({
    id: r.id,
    body: r.body,
    username: r.username,
    time: r.at.getTime(),
  }));
}

const toHistory = (r: typeof incidentHistory.$inferSelect): HistoryRecord => ({
  id: r.id,
  action: r.action,
  username: r.username,
  detail: r.detail ?? null,
  time: r.at.getTime(),
});

export async function incidentHistoryOf(db: Db, incidentId: number, action?: string): Promise<HistoryRecord[]> {
  const rows = await db
    .select()
    .from(incidentHistory)
    .where(and(eq(incidentHistory.incidentId, incidentId), action ? eq(incidentHistory.action, action) : undefined))
    .orderBy(asc(incidentHistory.at), asc(incidentHistory.id));
  return rows.map(toHistory);
}

export function incidentHistoryPage(db: Db, incidentId: number, page: Paging): Promise<Page<HistoryRecord>> {
  const where = eq(incidentHistory.incidentId, incidentId);
  return rowsPage(db, incidentHistory, where, [desc(incidentHistory.at), desc(incidentHistory.id)], page, toHistory);
}

/** Whether the principal may see the incident (its lists, its evidence, its uploads' push). */
export async function incidentVisible(db: Db, principal: Principal, incidentId: number): Promise<boolean> {
  const [visible] = await db
    .select({ id: incident.id })
    .from(incident)
    .where(and(inScope(principal, incident), eq(incident.id, incidentId)));
  return visible !== undefined;
}
