import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { actor, belongTo, bigIdentity, chainIndex, happenedAt } from './columns.js';

/** Every write and every login, append-only: who, as what, did what to which target, with what result. */
export const operationLog = pgTable(
  'operation_log',
  {
    id: bigIdentity(),
    at: happenedAt(),
    ...actor(),
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
    chainIndex('operation_log_scope_idx', t, t.at),
  ],
);
