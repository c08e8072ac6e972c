// Scheduled reports (issue 19): who gets which report how often, and every delivery of a period to a recipient.

import { reportDeliveryStates, reportFrequencies } from '@safety-shield/contract';
import { boolean, date, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { belongTo, chainIndex, createdAt, identity, newestFirstIndex, partOf, updatedAt } from './columns.js';
import { account } from './identity.js';
import { org } from './orgs.js';

/** An organisation a report is of: deleting the organisation deletes its schedules. */
const reportOrg = (name: string) => integer(name).references(() => org.id, { onDelete: 'cascade' });

/**
 * A report schedule: the report of an organisation (all null: each recipient's own scope), weekly or monthly. Its chain
 * (belong_*) is the deepest one holding the report's organisation and every recipient, so whoever sees the schedule sees
 * all of it (docs/decisions.md, "Scheduled reports").
 */
export const reportSchedule = pgTable(
  'report_schedule',
  {
    id: identity(),
    name: text('name').notNull(),
    frequency: text('frequency', { enum: reportFrequencies }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    reportAgentId: reportOrg('report_agent_id'),
    reportCompanyId: reportOrg('report_company_id'),
    reportFleetId: reportOrg('report_fleet_id'),
    ...belongTo(),
    /** Periods due before this (switched on, or the frequency changed) are not sent. */
    activeSince: timestamp('active_since', { withTimezone: true }).notNull().defaultNow(),
    createdById: integer('created_by_id'),
    createdByName: text('created_by_name').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [chainIndex('report_schedule_scope_idx', t), newestFirstIndex('report_schedule_created_idx', t)],
);

/** A schedule's recipients; an account deleted leaves every schedule. */
export const reportScheduleRecipient = pgTable(
  'report_schedule_recipient',
  {
    scheduleId: partOf('schedule_id', () => reportSchedule.id),
    accountId: partOf('account_id', () => account.id),
    /** Periods due before the account was added are not sent to it. */
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.scheduleId, t.accountId] }), index('report_schedule_recipient_account_idx').on(t.accountId)],
);

/**
 * One period of a schedule to one recipient, made when a node claims it: unique, so nodes racing for it insert once.
 * `sending` holds a lease (`claimed_until`): a node that dies mid-send leaves a claim another node takes after it. A
 * failed one is tried again at `next_try_at` until the attempts run out.
 */
export const reportDelivery = pgTable(
  'report_delivery',
  {
    id: identity(),
    scheduleId: partOf('schedule_id', () => reportSchedule.id),
    accountId: partOf('account_id', () => account.id),
    /** The first day of the week or month the report covers, in the recipient's zone. */
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    state: text('state', { enum: reportDeliveryStates }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextTryAt: timestamp('next_try_at', { withTimezone: true }),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** A code or a reason, never a message that could carry a secret (the log has the details). */
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('report_delivery_period_idx').on(t.scheduleId, t.accountId, t.periodStart),
    index('report_delivery_schedule_idx').on(t.scheduleId, t.periodStart),
    index('report_delivery_account_idx').on(t.accountId),
  ],
);
