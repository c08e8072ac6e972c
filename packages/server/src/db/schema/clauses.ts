// Authorization terms and their acceptances.

import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { belongTo, bigIdentity, chainIndex, createdAt, happenedAt, identity, partOf } from './columns.js';

/**
 * Authorization terms (SPEC section 3). Editing a published clause makes a new version with the same origin, which
 * must be accepted again; only the newest version of an origin is active. No agent: the clause is platform-wide.
 */
export const clause = pgTable(
  'clause',
  {
    id: identity(),
    originId: integer('origin_id'),
    version: integer('version').notNull().default(1),
    title: text('title').notNull(),
    /** Rich text (HTML); the console renders it through an allow-list sanitiser. */
    content: text('content').notNull(),
    placeType: text('place_type', { enum: ['self', 'organisation'] }).notNull(),
    mustCheck: boolean('must_check').notNull().default(true),
    active: boolean('active').notNull().default(true),
    authorRole: text('author_role').notNull(),
    createdBy: integer('created_by'),
    ...belongTo(),
    createdAt: createdAt(),
  },
  (t) => [index('clause_origin_idx').on(t.originId), index('clause_scope_idx').on(t.belongAgentId, t.active)],
);

/** Every acceptance and cancellation of a clause, for an account (self) or a company (organisation), append-only. */
export const clauseConsent = pgTable(
  'clause_consent',
  {
    id: bigIdentity(),
    clauseId: partOf('clause_id', () => clause.id),
    /** Who acted. */
    accountId: integer('account_id').notNull(),
    username: text('username').notNull(),
    /** The company that accepted an organisation clause; null for one's own. */
    companyId: integer('company_id'),
    state: text('state', { enum: ['agreed', 'cancelled'] }).notNull(),
    /** The local time of the person who acted, as their browser showed it. */
    localTime: text('local_time'),
    at: happenedAt(),
    ...belongTo(),
  },
  (t) => [
    index('clause_consent_account_idx').on(t.accountId, t.clauseId, t.at),
    index('clause_consent_company_idx').on(t.companyId, t.clauseId, t.at),
    chainIndex('clause_consent_scope_idx', t, t.at),
  ],
);
