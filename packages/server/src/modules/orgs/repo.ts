import type { OrgKind, OrgListQuery, OrgOption, OrgOptionsQuery, OrgRecord, Page } from '@safety-shield/contract';
import { and, asc, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { pageOf } from '../../db/paging.js';
import { account, device, org, subscription, vehicle } from '../../db/schema.js';
import { orgName, qualified } from '../../db/subqueries.js';
import { containing } from '../../http/pagination.js';
import type { Principal } from '../../http/principal.js';
import { inScope, outOfScope } from '../../http/scope.js';

export type OrgRow = typeof org.$inferSelect;

/** The account column that points at an organisation of each kind. */
const accountColumn = {
  agent: account.belongAgentId,
  company: account.belongCompanyId,
  fleet: account.belongFleetId,
  site: account.belongSiteId,
} as const;

/** One organisation of a kind, if the scope condition lets the caller see it. */
export async function findOrg(db: Db, scope: SQL, kind: OrgKind, id: number): Promise<OrgRow | undefined> {
  const [row] = await db
    .select()
    .from(org)
    .where(and(scope, eq(org.kind, kind), eq(org.id, id)));
  return row;
}

/** A page of organisations; with `withLogo` (one record by id) the logo itself comes along. */
export function listOrgs(db: Db, scope: SQL, kind: OrgKind, query: OrgListQuery, withLogo = false): Promise<Page<OrgRecord>> {
  const where = and(
    scope,
    eq(org.kind, kind),
    query.name ? ilike(org.name, containing(query.name)) : undefined,
    query.state ? eq(org.state, query.state) : undefined,
    query.parentId ? eq(org.parentId, query.parentId) : undefined,
  );
  const column = accountColumn[kind];
  return pageOf(
    query,
    db
      .select({
        id: org.id,
        kind: org.kind,
        name: org.name,
        address: org.address,
        description: org.description,
        logo: withLogo ? org.logo : sql<string | null>`null`,
        hasLogo: sql<boolean>`${org.logo} is not null`,
        state: org.state,
        companyQuota: org.companyQuota,
        deviceQuota: org.deviceQuota,
        parentId: org.parentId,
        parentName: orgName(org.parentId),
        agentId: org.belongAgentId,
        agentName: orgName(org.belongAgentId),
        companyId: org.belongCompanyId,
        companyName: orgName(org.belongCompanyId),
        childCount: sql<number>`(select count(*) from org child where child.parent_id = ${qualified(org.id)})`.mapWith(Number),
        accountCount: sql<number>`(select count(*) from ${account} where ${qualified(column)} = ${qualified(org.id)})`.mapWith(Number),
        createdAt: org.createdAt,
      })
      .from(org)
      .where(where)
      .orderBy(desc(org.createdAt), desc(org.id))
      .$dynamic(),
    db.select({ n: count() }).from(org).where(where),
    ({ createdAt, ...row }) => ({ ...row, createTime: createdAt.getTime() }),
  );
}

/** Pickers: at most 50 organisations of a kind in scope, by name. */
export async function orgOptions(db: Db, scope: SQL, kind: OrgKind, query: OrgOptionsQuery): Promise<OrgOption[]> {
  return db
    .select({ id: org.id, name: org.name, parentId: org.parentId })
    .from(org)
    .where(
      and(
        scope,
        eq(org.kind, kind),
        query.parentId ? eq(org.parentId, query.parentId) : undefined,
        query.name ? ilike(org.name, containing(query.name)) : undefined,
      ),
    )
    .orderBy(asc(org.name))
    .limit(50);
}

/** Organisations directly below, accounts that belong to it or below, and (companies) subscriptions. */
export async function hasDependants(db: Db, kind: OrgKind, id: number): Promise<boolean> {
  const [children] = await db.select({ n: count() }).from(org).where(eq(org.parentId, id));
  const [accounts] = await db.select({ n: count() }).from(account).where(eq(accountColumn[kind], id));
  const [subscriptions] = await db.select({ n: count() }).from(subscription).where(eq(subscription.companyId, id));
  const [vehicles] =
    kind === 'site'
      ? [{ n: 0 }]
      : await db
          .select({ n: count() })
          .from(vehicle)
          .where(or(eq(vehicleColumn[kind], id), eq(leaseColumn[kind], id)));
  const [devices] = kind === 'site' ? [{ n: 0 }] : await db.select({ n: count() }).from(device).where(eq(deviceColumn[kind], id));
  return [children, accounts, subscriptions, vehicles, devices].some((row) => (row?.n ?? 0) > 0);
}

/** The columns that tie vehicles and devices to an organisation of each kind (sites hold neither). */
const vehicleColumn = { agent: vehicle.belongAgentId, company: vehicle.belongCompanyId, fleet: vehicle.belongFleetId } as const;
const leaseColumn = { agent: vehicle.leaseAgentId, company: vehicle.leaseCompanyId, fleet: vehicle.leaseFleetId } as const;
const deviceColumn = { agent: device.belongAgentId, company: device.belongCompanyId, fleet: device.belongFleetId } as const;

/** Every account below an organisation, for revoking their sessions when it is forbidden. */
export function accountsBelow(kind: OrgKind, id: number): SQL {
  return eq(accountColumn[kind], id);
}

/** True when any organisation of an account's chain is forbidden. */
export async function forbiddenInChain(db: Db, ids: (number | null)[]): Promise<boolean> {
  const present = ids.filter((id): id is number => id !== null);
  if (present.length === 0) return false;
  const [row] = await db
    .select({ n: count() })
    .from(org)
    .where(and(or(...present.map((id) => eq(org.id, id))), eq(org.state, 'forbidden')));
  return (row?.n ?? 0) > 0;
}

/** An organisation a filter named, as the caller sees it. */
export interface NamedOrg {
  id: number;
  kind: OrgKind;
  name: string;
  agentId: number | null;
  companyId: number | null;
  fleetId: number | null;
}

/**
 * The organisations a query's filters name (agent, company, fleet, each optional), each checked to be of its kind and
 * one the caller may see (SPEC section 6): otherwise PERMISSION_CHECK_FAIL, or ORG_NOT_EXIST for the Super Admin.
 * Answers them outermost first. The statistics, coaching, safety-score and report-schedule filters all check here.
 */
export async function visibleOrgs(
  db: Db,
  principal: Principal,
  filters: { agentId?: number | null | undefined; companyId?: number | null | undefined; fleetId?: number | null | undefined },
): Promise<NamedOrg[]> {
  const found: NamedOrg[] = [];
  for (const [kind, id] of [
    ['agent', filters.agentId],
    ['company', filters.companyId],
    ['fleet', filters.fleetId],
  ] as const) {
    if (id === null || id === undefined) continue;
    const [row] = await db
      .select({ id: org.id, name: org.name, agentId: org.belongAgentId, companyId: org.belongCompanyId, fleetId: org.belongFleetId })
      .from(org)
      .where(and(inScope(principal, org), eq(org.kind, kind), eq(org.id, id)));
    if (!row) throw outOfScope(principal, 'ORG_NOT_EXIST');
    found.push({ ...row, kind });
  }
  return found;
}
