// Columns many tables share: the creation time and the organisation chain a record belongs to.

import { integer, timestamp } from 'drizzle-orm/pg-core';

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * The organisation chain a scoped record belongs to (SPEC section 6). Organisations carry it too:
 * an agent's own id is its belong_agent_id, a company's its belong_company_id, and so on, so one
 * predicate scopes organisations, accounts and every later table alike.
 */
export const belongTo = () => ({
  belongAgentId: integer('belong_agent_id'),
  belongCompanyId: integer('belong_company_id'),
  belongFleetId: integer('belong_fleet_id'),
});
