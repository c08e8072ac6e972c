import type { CodeKey } from '@safety-shield/contract';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Bind } from '../db/prepared.js';
import { AppError } from './errors.js';
import type { Principal } from './principal.js';

export type { Bind };
export const asIs: Bind = (_name, value) => value;

/** A table whose rows belong to an organisation chain (SPEC section 6). */
export interface ScopedTable {
  belongAgentId: PgColumn;
  belongCompanyId: PgColumn;
  belongFleetId: PgColumn;
}

/** The caller sees every row: the Super Admin and its assistants. */
export const seesEverything = (principal: Principal) => principal.role === 'SUPER_ADMIN' || principal.role === 'SUPER_ASSISTANT';

/**
 * SPEC section 6, the one place data scope is decided: Super Admin all; Agent Admin same agent; Company Admin
 * same agent and company; Fleet Admin same agent, company and fleet; Site Admin and normal users nothing.
 * Every repo query on a scoped table puts this in its WHERE clause.
 */
export function inScope(principal: Principal, table: ScopedTable, bind: Bind = asIs): SQL {
  if (seesEverything(principal)) return sql`true`;
  const { agentId, companyId, fleetId } = principal;
  switch (principal.role) {
    case 'AGENT_ADMIN':
      return agentId === null ? sql`false` : eq(table.belongAgentId, bind('scopeAgent', agentId));
    case 'COMPANY_ADMIN':
      return agentId === null || companyId === null
        ? sql`false`
        : (and(eq(table.belongAgentId, bind('scopeAgent', agentId)), eq(table.belongCompanyId, bind('scopeCompany', companyId))) ??
            sql`false`);
    case 'FLEET_ADMIN':
      return agentId === null || companyId === null || fleetId === null
        ? sql`false`
        : (and(
            eq(table.belongAgentId, bind('scopeAgent', agentId)),
            eq(table.belongCompanyId, bind('scopeCompany', companyId)),
            eq(table.belongFleetId, bind('scopeFleet', fleetId)),
          ) ?? sql`false`);
    default:
      return sql`false`;
  }
}

/**
 * A record that is not in the caller's scope. Only a caller who sees everything learns that it does not exist;
 * anyone else gets PERMISSION_CHECK_FAIL whether it exists or not, so ids of other organisations reveal nothing.
 */
export function outOfScope(principal: Principal, missing: CodeKey): AppError {
  return new AppError(seesEverything(principal) ? missing : 'PERMISSION_CHECK_FAIL');
}

/** The organisation chain of one record already in memory (an event on the bus). */
export interface Chain {
  agentId: number | null;
  companyId: number | null;
  fleetId: number | null;
}

/** `inScope` for a record in memory: the same rule, so a pushed event reaches exactly those who could read it. */
export function chainInScope(principal: Principal, chain: Chain): boolean {
  if (seesEverything(principal)) return true;
  const same = (mine: number | null, theirs: number | null) => mine !== null && mine === theirs;
  switch (principal.role) {
    case 'AGENT_ADMIN':
      return same(principal.agentId, chain.agentId);
    case 'COMPANY_ADMIN':
      return same(principal.agentId, chain.agentId) && same(principal.companyId, chain.companyId);
    case 'FLEET_ADMIN':
      return same(principal.agentId, chain.agentId) && same(principal.companyId, chain.companyId) && same(principal.fleetId, chain.fleetId);
    default:
      return false;
  }
}
