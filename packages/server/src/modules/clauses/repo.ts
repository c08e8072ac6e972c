import type { ClauseConsentRecord, ClauseListQuery, ClauseLogQuery, ClauseRecord, Page } from '@safety-shield/contract';
import { and, count, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { pageOf } from '../../db/paging.js';
import { clause, clauseConsent } from '../../db/schema.js';
import { orgName, qualified } from '../../db/subqueries.js';
import { containing } from '../../http/pagination.js';
import type { Principal } from '../../http/principal.js';
import { inScope } from '../../http/scope.js';

export type ClauseRow = typeof clause.$inferSelect;

export const toRecord = (row: ClauseRow, agentName: string | null = null): ClauseRecord => ({
  clauseId: row.id,
  originId: row.originId ?? row.id,
  version: row.version,
  title: row.title,
  content: row.content,
  placeType: row.placeType,
  mustCheck: row.mustCheck,
  agentId: row.belongAgentId,
  agentName,
  updateTime: row.createdAt.getTime(),
});

/** Active clauses that apply to an area supplier's accounts: its own and the platform-wide ones. */
export const applyingTo = (agentId: number | null): SQL =>
  and(
    eq(clause.active, true),
    agentId === null ? isNull(clause.belongAgentId) : or(isNull(clause.belongAgentId), eq(clause.belongAgentId, agentId)),
  ) ?? sql`false`;

export async function findActive(db: Db, where: SQL, id: number): Promise<ClauseRow | undefined> {
  const [row] = await db
    .select()
    .from(clause)
    .where(and(where, eq(clause.active, true), eq(clause.id, id)));
  return row;
}

export function listClauses(db: Db, where: SQL, query: ClauseListQuery): Promise<Page<ClauseRecord>> {
  const filter = and(
    where,
    eq(clause.active, true),
    query.title ? ilike(clause.title, containing(query.title)) : undefined,
    query.placeType ? eq(clause.placeType, query.placeType) : undefined,
  );
  return pageOf(
    query,
    db
      .select({ row: clause, agentName: orgName(clause.belongAgentId) })
      .from(clause)
      .where(filter)
      .orderBy(desc(clause.createdAt), desc(clause.id))
      .$dynamic(),
    db.select({ n: count() }).from(clause).where(filter),
    ({ row, agentName }) => toRecord(row, agentName),
  );
}

/** The newest consent of a subject (an account, or a company for organisation clauses) to a clause. */
export function latestConsent(clauseId: SQL | number, subject: { accountId: number } | { companyId: number }) {
  const who =
    'accountId' in subject ? sql`k.account_id = ${subject.accountId} and k.company_id is null` : sql`k.company_id = ${subject.companyId}`;
  return sql<
    'agreed' | 'cancelled' | null
  >`(select k.state from clause_consent k where k.clause_id = ${clauseId} and ${who} order by k.at desc, k.id desc limit 1)`;
}

/** Consents in the caller's scope, and a Fleet Admin also sees its company's organisation consents. */
function consentScope(principal: Principal): SQL {
  const company =
    principal.companyId !== null && principal.agentId !== null
      ? and(eq(clauseConsent.belongAgentId, principal.agentId), eq(clauseConsent.companyId, principal.companyId))
      : undefined;
  return or(inScope(principal, clauseConsent), company) ?? inScope(principal, clauseConsent);
}

/**
 * Consent lines the caller sees, newest first; `latestOnly` keeps each subject's newest line per clause (the state list).
 */
export function listConsents(db: Db, principal: Principal, query: ClauseLogQuery, latestOnly: boolean): Promise<Page<ClauseConsentRecord>> {
  const where = and(
    consentScope(principal),
    query.clauseId ? eq(clauseConsent.clauseId, query.clauseId) : undefined,
    query.username ? ilike(clauseConsent.username, containing(query.username)) : undefined,
    query.state ? eq(clauseConsent.state, query.state) : undefined,
    latestOnly
      ? sql`not exists (select 1 from clause_consent newer where newer.clause_id = ${clauseConsent.clauseId}
          and coalesce(newer.company_id, -newer.account_id) = coalesce(${clauseConsent.companyId}, -${clauseConsent.accountId})
          and (newer.at, newer.id) > (${clauseConsent.at}, ${clauseConsent.id}))`
      : undefined,
  );
  return pageOf(
    query,
    db
      .select({
        id: clauseConsent.id,
        clauseId: clauseConsent.clauseId,
        title: clause.title,
        version: clause.version,
        username: clauseConsent.username,
        // The accepting company of an organisation clause, else the company of the account that answered.
        companyId: sql<number | null>`coalesce(${qualified(clauseConsent.companyId)}, ${qualified(clauseConsent.belongCompanyId)})`,
        companyName: sql<
          string | null
        >`(select named.name from org named where named.id = coalesce(${qualified(clauseConsent.companyId)}, ${qualified(clauseConsent.belongCompanyId)}))`,
        state: clauseConsent.state,
        localTime: clauseConsent.localTime,
        at: clauseConsent.at,
      })
      .from(clauseConsent)
      .innerJoin(clause, eq(clause.id, clauseConsent.clauseId))
      .where(where)
      .orderBy(desc(clauseConsent.at), desc(clauseConsent.id))
      .$dynamic(),
    db.select({ n: count() }).from(clauseConsent).where(where),
    (row) => ({ ...row, at: row.at.getTime() }),
  );
}
