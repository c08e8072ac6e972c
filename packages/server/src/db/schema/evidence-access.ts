import { bigint, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { belongTo, bigIdentity, chainIndex, happenedAt } from './columns.js';

/**
 * Every view and download of incident evidence (issue 15), append-only: who (an account as it was then, or a share
 * link), when, which incident and file, how, and from which address. It outlives the incident (no cascade) like the
 * operation log; the chain is the incident's, so the admins who see the incident see who looked at its evidence.
 */
export const evidenceAccess = pgTable(
  'evidence_access',
  {
    id: bigIdentity(),
    at: happenedAt(),
    /** The account that was given the URL and its username and role then; null for a view through a share link. */
    accountId: integer('account_id'),
    username: text('username'),
    role: text('role'),
    /** The share link a public view came through (`shareLinkId` of the link's token). */
    shareLinkId: text('share_link_id'),
    incidentId: bigint('incident_id', { mode: 'number' }).notNull(),
    /** The file; null for a zip of the incident's evidence. */
    resourceId: bigint('resource_id', { mode: 'number' }),
    kind: text('kind', { enum: ['picture', 'video', 'zip'] }).notNull(),
    action: text('action', { enum: ['view', 'download'] }).notNull(),
    ip: text('ip'),
    ...belongTo(),
  },
  (t) => [
    index('evidence_access_incident_idx').on(t.incidentId, t.at),
    index('evidence_access_at_idx').on(t.at),
    index('evidence_access_account_idx').on(t.accountId, t.at),
    chainIndex('evidence_access_scope_idx', t, t.at),
  ],
);
