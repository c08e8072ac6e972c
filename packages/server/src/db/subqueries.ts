import { getTableName, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * A column named with its table. Drizzle leaves names bare in a query without joins, and inside a correlated
 * subquery a bare name would mean the inner table's column.
 */
export const qualified = (column: PgColumn): SQL => sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;

/**
 * An organisation's name as a scalar subquery on its id. PostgreSQL plans several of these in half the time of
 * as many joins, and planning is most of the cost of a list page (bench/accounts.ts).
 */
export const orgName = (id: PgColumn) => sql<string | null>`(select named.name from org named where named.id = ${qualified(id)})`;

/** The organisation chain a scoped row belongs to, selected as `{ agentId, companyId, fleetId }` (http/scope.ts's `Chain`). */
export const chainColumns = <T extends { belongAgentId: PgColumn; belongCompanyId: PgColumn; belongFleetId: PgColumn }>(table: T) => ({
  agentId: table.belongAgentId,
  companyId: table.belongCompanyId,
  fleetId: table.belongFleetId,
});

/** The columns that make a scoped row belong to an organisation chain (a record's, a device's, the caller's): `chainColumns` reversed. */
export const belongingTo = (chain: { agentId: number | null; companyId: number | null; fleetId: number | null }) => ({
  belongAgentId: chain.agentId,
  belongCompanyId: chain.companyId,
  belongFleetId: chain.fleetId,
});
