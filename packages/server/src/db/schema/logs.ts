import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { belongTo, bigIdentity } from './columns.js';

/** Every write and every login, append-only: who, as what, did what to which target, with what result. */
export const operationLog = pgTable(
  'operation_log',
  {
    id: bigIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    accountId: integer('account_id'),
    username: text('username').notNull(),
    role: text('role'),
    action: text('action').notNull(),
    target: text('target'),
    /** REQUEST_SUCCESS or the codeKey the call failed with. */
    result: text('result').notNull(),
    ip: text('ip'),
    detail: jsonb('detail'),
    ...belongTo(),
  },
  (t) => [
    index('operation_log_at_idx').on(t.at),
    index('operation_log_account_idx').on(t.accountId, t.at),
    index('operation_log_scope_idx').on(t.belongAgentId, t.belongCompanyId, t.belongFleetId, t.at),
  ],
);
