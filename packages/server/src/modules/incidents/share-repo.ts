import { UPLOAD_RECEIVED } from '@safety-shield/contract';
import { and, asc, eq, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { account, incident, incidentHistory, incidentResource } from '../../db/schema.js';
import { qualified } from '../../db/subqueries.js';
import type { Principal } from '../../http/principal.js';
import { inScope } from '../../http/scope.js';

/** The account that shared a link, as it is today. */
export async function findSharer(db: Db, accountId: number) {
  const [row] = await db.select().from(account).where(eq(account.id, accountId));
  return row;
}

/** The incidents of the caller's scope among `ids`, locked in id order, each with whether it is live (not in the bin). */
export function lockShareable(tx: Db, principal: Principal, ids: number[]) {
  return tx
    .select({ id: incident.id, live: sql<boolean>`${incident.deletedAt} is null` })
    .from(incident)
    .where(and(inScope(principal, incident), inArray(incident.id, ids)))
    .orderBy(incident.id)
    .for('update');
}

/** One history line per incident shared. */
export async function recordShared(tx: Db, ids: number[], username: string, detail: { days: number; expireTime: number; linkId: string }) {
  await tx.insert(incidentHistory).values(ids.map((incidentId) => ({ incidentId, action: 'shared', username, detail })));
}

/** The live incidents among `ids` that the sharer sees (and of its company, when it has one), newest first. */
export function sharedIncidents(db: Db, sharer: Principal, ids: number[], companyId: number | null) {
  return db
    .select({
      row: incident,
      tagName: sql<string | null>`(select t.name from event_tag t where t.id = ${qualified(incident.tagId)})`,
    })
    .from(incident)
    .where(
      and(
        inArray(incident.id, ids),
        isNull(incident.deletedAt),
        inScope(sharer, incident),
        companyId === null ? undefined : eq(incident.belongCompanyId, companyId),
      ),
    )
    .orderBy(sql`${incident.triggerAt} desc`, sql`${incident.id} desc`);
}

/** The stored evidence (state 4 and on) of some incidents, in the order the detail page lists it. */
export function storedResourcesOf(db: Db, incidentIds: number[]) {
  return db
    .select()
    .from(incidentResource)
    .where(
      and(
        inArray(incidentResource.incidentId, incidentIds),
        isNotNull(incidentResource.objectKey),
        gte(incidentResource.state, UPLOAD_RECEIVED),
      ),
    )
    .orderBy(asc(incidentResource.channel), asc(incidentResource.kind), asc(incidentResource.id));
}
