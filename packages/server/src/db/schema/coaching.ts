// Coaching of drivers after reviewed incidents (issue 19): one row per incident that was ever marked.

import { coachingStates } from '@safety-shield/contract';
import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { belongTo } from './columns.js';
import { incident } from './incidents.js';

/**
 * An incident's coaching: marked "needs coaching" (by whom, when, why), then coached (coach, time, note) or dismissed
 * (reason). No row means "none". The organisation chain is the incident's, copied so the queue is scoped without a join.
 */
export const incidentCoaching = pgTable(
  'incident_coaching',
  {
    incidentId: bigint('incident_id', { mode: 'number' })
      .primaryKey()
      .references(() => incident.id, { onDelete: 'cascade' }),
    state: text('state', { enum: coachingStates }).notNull(),
    markedById: integer('marked_by_id'),
    markedByName: text('marked_by_name').notNull(),
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull(),
    markNote: text('mark_note'),
    /** Who coached or dismissed it, when, and the coaching note or the reason for dismissing; null while open. */
    closedById: integer('closed_by_id'),
    closedByName: text('closed_by_name'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closingNote: text('closing_note'),
    ...belongTo(),
  },
  (t) => [
    // The queue of a company or a fleet, by state, oldest mark first; the figures read closed_at by the same keys.
    index('incident_coaching_company_idx').on(t.belongCompanyId, t.state, t.markedAt),
    index('incident_coaching_fleet_idx').on(t.belongFleetId, t.state, t.markedAt),
  ],
);
