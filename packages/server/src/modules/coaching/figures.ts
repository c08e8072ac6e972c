import type { CoachingFigures, CoachingFiguresQuery } from '@safety-shield/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { incident, incidentCoaching } from '../../db/schema.js';
import type { Principal } from '../../http/principal.js';
import { checkOrgFilters, coachingScope } from './repo.js';

/** Milliseconds from the (latest) mark to the coaching of a coached row. */
const msToCoach = sql`extract(epoch from (${incidentCoaching.closedAt} - ${incidentCoaching.markedAt})) * 1000`;
const coachedOnly = sql`${incidentCoaching.state} = 'coached'`;
const countOf = (state: string) => sql<number>`count(*) filter (where ${incidentCoaching.state} = ${state})`.mapWith(Number);
const wholeMs = (value: unknown) => (value === null || value === undefined ? null : Math.round(Number(value)));

/**
 * Issue 19's figures for the statistics: of the caller's scope's live incidents that happened between `startTime` and
 * `endTime` (trigger time, both ends included), optionally of one company or fleet, how many were marked and are in
 * each coaching state now, and the median and average time from mark to coaching of the coached ones.
 * A company or fleet the caller may not see is PERMISSION_CHECK_FAIL (ORG_NOT_EXIST for the Super Admin).
 */
export async function coachingFigures(db: Db, principal: Principal, query: CoachingFiguresQuery): Promise<CoachingFigures> {
  await checkOrgFilters(db, principal, query);
  const [row] = await db
    .select({
      marked: sql<number>`count(*)`.mapWith(Number),
      needsCoaching: countOf('needsCoaching'),
      coached: countOf('coached'),
      dismissed: countOf('dismissed'),
      median: sql<unknown>`percentile_cont(0.5) within group (order by ${msToCoach}) filter (where ${coachedOnly})`,
      average: sql<unknown>`avg(${msToCoach}) filter (where ${coachedOnly})`,
    })
    .from(incidentCoaching)
    .innerJoin(incident, eq(incident.id, incidentCoaching.incidentId))
    .where(coachingScope(principal, query));
  return {
    marked: row?.marked ?? 0,
    needsCoaching: row?.needsCoaching ?? 0,
    coached: row?.coached ?? 0,
    dismissed: row?.dismissed ?? 0,
    medianMsToCoach: wholeMs(row?.median),
    averageMsToCoach: wholeMs(row?.average),
  };
}
