import { type AccountListQuery, type AccountRecord, type Page, type Role, roleRank, roles, type SelfInfo } from '@safety-shield/contract';
import { and, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { account, org } from '../../db/schema.js';
import { orgName } from '../../db/subqueries.js';
import { containing, epochMs, offsetOf } from '../../http/pagination.js';
import type { Principal } from '../../http/principal.js';
import { inScope, outOfScope } from '../../http/scope.js';

export type AccountRow = typeof account.$inferSelect;

export async function findByUsername(db: Db, username: string): Promise<AccountRow | undefined> {
  const [row] = await db
    .select()
    .from(account)
    .where(eq(sql`lower(${account.username})`, username.toLowerCase()));
  return row;
}

export async function recordLogin(db: Db, accountId: number): Promise<void> {
  await db.update(account).set({ lastLoginTime: new Date(), failedLogins: 0 }).where(eq(account.id, accountId));
}

/** Counts a wrong password in one statement, so parallel attempts cannot lose a count; answers the new count. */
export async function recordFailedLogin(db: Db, accountId: number): Promise<number> {
  const [row] = await db
    .update(account)
    .set({ failedLogins: sql`${account.failedLogins} + 1` })
    .where(eq(account.id, accountId))
    .returning({ failedLogins: account.failedLogins });
  return row?.failedLogins ?? 0;
}

const agent = alias(org, 'agent');
const company = alias(org, 'company');
const fleet = alias(org, 'fleet');

/** selfInfo as stored: the clause flags are the clauses module's to add. */
export interface StoredSelfInfo {
  baseInfo: Omit<SelfInfo['baseInfo'], 'finishClause'>;
  orgPic: string | null;
}

/** selfInfo reads only the caller's own row: its scope is the account itself. */
export async function selfInfo(db: Db, accountId: number): Promise<StoredSelfInfo | undefined> {
  const [row] = await db
    .select({
      role: account.role,
      username: account.username,
      realName: account.realName,
      language: account.language,
      timeZone: account.timeZone,
      phone: account.phone,
      fixedTel: account.fixedTel,
      email: account.email,
      address: account.address,
      mfaBoundAt: account.mfaBoundAt,
      agentId: account.belongAgentId,
      companyId: account.belongCompanyId,
      fleetId: account.belongFleetId,
      agentName: agent.name,
      companyName: company.name,
      fleetName: fleet.name,
      firstTimeLogin: account.firstTimeLogin,
      orgPic: sql<string | null>`coalesce(${fleet.logo}, ${company.logo}, ${agent.logo})`,
    })
    .from(account)
    .leftJoin(agent, eq(agent.id, account.belongAgentId))
    .leftJoin(company, eq(company.id, account.belongCompanyId))
    .leftJoin(fleet, eq(fleet.id, account.belongFleetId))
    .where(eq(account.id, accountId));
  if (!row) return undefined;
  const { orgPic, role, mfaBoundAt, ...baseInfo } = row;
  return { baseInfo: { ...baseInfo, role: role as SelfInfo['baseInfo']['role'], googleAuthBound: mfaBoundAt !== null }, orgPic };
}

/** Accounts a caller manages: inside its scope and further down the chain (SPEC section 6). */
export function managedBy(principal: Principal): SQL {
  const lower = roles.filter((role) => roleRank[role] > roleRank[principal.role]);
  return and(inScope(principal, account), inArray(account.role, lower)) ?? sql`false`;
}

export async function findManaged(db: Db, principal: Principal, uid: number, extra?: SQL): Promise<AccountRow> {
  const [row] = await db
    .select()
    .from(account)
    .where(and(managedBy(principal), eq(account.id, uid), extra));
  if (!row) throw outOfScope(principal, 'USER_NOT_EXIST');
  return row;
}

export async function findById(db: Db, uid: number): Promise<AccountRow | undefined> {
  const [row] = await db.select().from(account).where(eq(account.id, uid));
  return row;
}

/** A page of accounts; `knownTotal` (a cached count for the same scope and filters) saves the count. */
export async function listAccounts(db: Db, scope: SQL, query: AccountListQuery, knownTotal?: number): Promise<Page<AccountRecord>> {
  const where = and(
    scope,
    query.username ? ilike(account.username, containing(query.username)) : undefined,
    query.role ? eq(account.role, query.role) : undefined,
    query.state ? eq(account.state, query.state) : undefined,
    query.orgId
      ? or(
          eq(account.belongAgentId, query.orgId),
          eq(account.belongCompanyId, query.orgId),
          eq(account.belongFleetId, query.orgId),
          eq(account.belongSiteId, query.orgId),
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        uid: account.id,
        username: account.username,
        role: account.role,
        realName: account.realName,
        phone: account.phone,
        fixedTel: account.fixedTel,
        email: account.email,
        language: account.language,
        timeZone: account.timeZone,
        address: account.address,
        state: account.state,
        expireTime: account.expireTime,
        lastLoginTime: account.lastLoginTime,
        createdAt: account.createdAt,
        agentId: account.belongAgentId,
        agentName: orgName(account.belongAgentId),
        companyId: account.belongCompanyId,
        companyName: orgName(account.belongCompanyId),
        fleetId: account.belongFleetId,
        fleetName: orgName(account.belongFleetId),
        siteId: account.belongSiteId,
        siteName: orgName(account.belongSiteId),
        mfaBoundAt: account.mfaBoundAt,
        failedLogins: account.failedLogins,
      })
      .from(account)
      .where(where)
      .orderBy(desc(account.createdAt), desc(account.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    knownTotal === undefined ? db.select({ n: count() }).from(account).where(where) : [{ n: knownTotal }],
  ]);
  return {
    records: rows.map(({ createdAt, expireTime, lastLoginTime, mfaBoundAt, role, ...row }) => ({
      ...row,
      role: role as Role,
      expireTime: epochMs(expireTime),
      lastLoginTime: epochMs(lastLoginTime),
      createTime: createdAt.getTime(),
      googleAuthBound: mfaBoundAt !== null,
    })),
    total: total?.n ?? 0,
  };
}
