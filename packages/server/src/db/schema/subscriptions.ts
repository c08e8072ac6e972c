// Companies' subscriptions and their metered usage.

import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { belongTo, createdAt, identity } from './columns.js';
import { org } from './orgs.js';

/** A company's subscription (issue 4): plan, device quota and period; the Super Admin manages them. */
export const subscription = pgTable(
  'subscription',
  {
    id: identity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => org.id),
    plan: text('plan', { enum: ['basic', 'standard', 'premium'] }).notNull(),
    deviceQuota: integer('device_quota').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    state: text('state', { enum: ['active', 'suspended', 'ended'] })
      .notNull()
      .default('active'),
    ...belongTo(),
    createdAt: createdAt(),
  },
  (t) => [index('subscription_company_idx').on(t.companyId, t.state)],
);

/** Usage per company and month (API calls, live-video minutes, evidence bytes), added to in batches. */
export const usageCounter = pgTable(
  'usage_counter',
  {
    companyId: integer('company_id').notNull(),
    month: text('month').notNull(),
    metric: text('metric', { enum: ['apiCalls', 'liveMinutes', 'storageBytes'] }).notNull(),
    value: bigint('value', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.month, t.metric] })],
);
