import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Agents (area suppliers), companies, fleets and sites: one table, `kind` says which (SPEC section 3). */
export const org = pgTable(
  'org',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: ['agent', 'company', 'fleet', 'site'] }).notNull(),
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    state: text('state', { enum: ['enabled', 'forbidden'] })
      .notNull()
      .default('enabled'),
    finishClause: boolean('finish_clause').notNull().default(true),
    logo: text('logo'),
    createdAt: createdAt(),
  },
  (t) => [index('org_parent_idx').on(t.parentId)],
);

export const account = pgTable(
  'account',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').notNull(),
    realName: text('real_name'),
    email: text('email'),
    phone: text('phone'),
    language: text('language'),
    timeZone: text('time_zone'),
    state: text('state', { enum: ['usable', 'disabled'] })
      .notNull()
      .default('usable'),
    firstTimeLogin: boolean('first_time_login').notNull().default(false),
    finishClause: boolean('finish_clause').notNull().default(true),
    expireTime: timestamp('expire_time', { withTimezone: true }),
    belongAgentId: integer('belong_agent_id').references(() => org.id),
    belongCompanyId: integer('belong_company_id').references(() => org.id),
    belongFleetId: integer('belong_fleet_id').references(() => org.id),
    belongSiteId: integer('belong_site_id').references(() => org.id),
    lastLoginTime: timestamp('last_login_time', { withTimezone: true }),
    createdAt: createdAt(),
  },
  // Usernames are unique without regard to case, so 'Admin' cannot shadow 'admin'.
  (t) => [uniqueIndex('account_username_idx').on(sql`lower(${t.username})`)],
);

/** Console sessions: the token itself is never stored, only its SHA-256. */
export const session = pgTable(
  'session',
  {
    tokenHash: text('token_hash').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => account.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('session_account_idx').on(t.accountId)],
);

/** Robot-check challenges already used once, kept until they expire so a solution cannot be replayed. */
export const captchaUse = pgTable('captcha_use', {
  id: text('id').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Server-wide settings and secrets shared by every portal node. */
export const systemSetting = pgTable('system_setting', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
