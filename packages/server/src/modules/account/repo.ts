import { type AccountListQuery, type AccountRecord, type Page, type Role, roleRank, roles, type SelfInfo } from '@safety-shield/contract';
import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { type ListStatements, offsetOf, preparedPage } from '../../db/paging.js';
import { anyOf, placeholders, Statements } from '../../db/prepared.js';
import { account, org } from '../../db/schema.js';
import { orgName } from '../../db/subqueries.js';
import { containing, epochMs } from '../../http/pagination.js';
import type { Principal } from '../../http/principal.js';
import { asIs, type Bind, inScope, outOfScope } from '../../http/scope.js';

export type AccountRow = typeof account.$inferSelect;

export async function findByUsername(db: Db, username: string): Promise<AccountRow | undefined> {
  const [row] = await db
    .select()
    .from(account)
    .where(eq(sql`lower(${account.username})`, username.toLowerCase()));
  return row;
}

/**
 * A login went through; with `clearsFailures` (the password proved it) the count of wrong passwords starts again.
 * SPEC section 9: an account without a time zone takes the browser's (`browserZone`, already checked) and keeps it.
 */
export async function recordLogin(db: Db, accountId: number, clearsFailures: boolean, browserZone?: string): Promise<void> {
  await db
    .update(account)
    .set({
      lastLoginTime: new Date(),
      ...(clearsFailures ? { failedLogins: 0 } : {}),
      ...(browserZone ? { timeZone: sql`coalesce(nullif(${account.timeZone}, ''), ${browserZone})` } : {}),
    })
    .where(eq(account.id, accountId));
}

/** A password proven right again (re-authentication): the wrong tries before it no longer count. */
export async function clearFailedLogins(db: Db, accountId: number): Promise<void> {
  await db.update(account).set({ failedLogins: 0 }).where(eq(account.id, accountId));
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

/** Accounts a caller manages: inside its scope and further down the chain (SPEC section 6); `bind` as in inScope. */
export function managedBy(principal: Principal, bind: Bind = asIs): SQL {
  const lower = roles.filter((role) => roleRank[role] > roleRank[principal.role]);
  return and(inScope(principal, account, bind), anyOf(account.role, bind('roles', lower))) ?? sql`false`;
}

/** The assistant calls reach assistant accounts only. */
export const assistantsOnly: SQL = eq(account.role, 'SUPER_ASSISTANT');

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

/** An account as the lists show it; `toAccountRecord` makes the API's record of it. */
const recordColumns = {
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
};

const recordsOf = (db: Db) => db.select(recordColumns).from(account);
type FoundAccount = Awaited<ReturnType<typeof recordsOf>>[number];

// Each field named rather than the rest spread: a list maps every row, and the spread cost more than the query did.
function toAccountRecord(row: FoundAccount): AccountRecord {
  return {
    uid: row.uid,
    username: row.username,
    role: row.role as Role,
    realName: row.realName,
    phone: row.phone,
    fixedTel: row.fixedTel,
    email: row.email,
    language: row.language,
    timeZone: row.timeZone,
    address: row.address,
    state: row.state,
    expireTime: epochMs(row.expireTime),
    lastLoginTime: epochMs(row.lastLoginTime),
    createTime: row.createdAt.getTime(),
    agentId: row.agentId,
    agentName: row.agentName,
    companyId: row.companyId,
    companyName: row.companyName,
    fleetId: row.fleetId,
    fleetName: row.fleetName,
    siteId: row.siteId,
    siteName: row.siteName,
    googleAuthBound: row.mfaBoundAt !== null,
    failedLogins: row.failedLogins,
  };
}

/** The list's filters on the accounts the caller manages; `bind` may make the values placeholders. */
function accountFilter(principal: Principal, query: Omit<AccountListQuery, 'page' | 'limit'>, bind: Bind): SQL | undefined {
  return and(
    managedBy(principal, bind),
    query.username ? ilike(account.username, bind('username', containing(query.username))) : undefined,
    query.role ? eq(account.role, bind('role', query.role)) : undefined,
    query.state ? eq(account.state, bind('state', query.state)) : undefined,
    query.orgId
      ? or(
          eq(account.belongAgentId, bind('orgId', query.orgId)),
          eq(account.belongCompanyId, bind('orgId', query.orgId)),
          eq(account.belongFleetId, bind('orgId', query.orgId)),
          eq(account.belongSiteId, bind('orgId', query.orgId)),
        )
      : undefined,
  );
}

/** The list's two statements of one shape (db/prepared.ts): a page and the count. */
const listStatements = new Statements<ListStatements<FoundAccount>>('account_list');

/**
 * A page of the accounts a caller manages, newest first, through prepared statements per filter shape as the incident
 * list. `knownTotal` (a cached count for the same caller's view and filters) saves the count.
 */
export function listAccounts(db: Db, principal: Principal, query: AccountListQuery, knownTotal?: number): Promise<Page<AccountRecord>> {
  const { bind, values } = placeholders();
  const where = accountFilter(principal, query, bind);
  bind('limit', query.limit);
  bind('offset', offsetOf(query));
  const statements = listStatements.get(db, sql`${where}`, (name) => ({
    page: recordsOf(db)
      .where(where)
      .orderBy(desc(account.createdAt), desc(account.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(`${name}_p`),
    count: db.select({ n: count() }).from(account).where(where).prepare(`${name}_c`),
  }));
  return preparedPage(statements, values, knownTotal, toAccountRecord);
}

/** One account the caller manages, as the list shows it. */
export async function findAccountRecord(db: Db, principal: Principal, uid: number): Promise<AccountRecord | undefined> {
  const [row] = await recordsOf(db).where(and(managedBy(principal), eq(account.id, uid)));
  return row && toAccountRecord(row);
}
