// Who may sign in: accounts, their console sessions and API tokens, and the robot-check challenges already used.

import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { chainIndex, createdAt, identity, newestFirstIndex, partOf } from './columns.js';
import { org } from './orgs.js';

export const account = pgTable(
  'account',
  {
    id: identity(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').notNull(),
    realName: text('real_name'),
    email: text('email'),
    phone: text('phone'),
    fixedTel: text('fixed_tel'),
    address: text('address'),
    language: text('language'),
    timeZone: text('time_zone'),
    state: text('state', { enum: ['usable', 'disabled'] })
      .notNull()
      .default('usable'),
    firstTimeLogin: boolean('first_time_login').notNull().default(false),
    expireTime: timestamp('expire_time', { withTimezone: true }),
    belongAgentId: integer('belong_agent_id').references(() => org.id),
    belongCompanyId: integer('belong_company_id').references(() => org.id),
    belongFleetId: integer('belong_fleet_id').references(() => org.id),
    belongSiteId: integer('belong_site_id').references(() => org.id),
    /** Wrong passwords in a row; the fifth suspends the account (SPEC section 4). */
    failedLogins: integer('failed_logins').notNull().default(0),
    /** The Google Authenticator secret, encrypted; bound once mfa_bound_at is set. */
    mfaSecret: text('mfa_secret'),
    mfaBoundAt: timestamp('mfa_bound_at', { withTimezone: true }),
    /** The last TOTP time step accepted, so a code cannot be used twice. */
    mfaLastStep: bigint('mfa_last_step', { mode: 'number' }),
    /** The account's own settings (`/v1/account/getParamSetting`). */
    paramSetting: jsonb('param_setting'),
    /** Who registered this account (null for the bootstrap Super Admin). */
    createdBy: integer('created_by'),
    lastLoginTime: timestamp('last_login_time', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // Usernames are unique without regard to case, so 'Admin' cannot shadow 'admin'.
    uniqueIndex('account_username_idx').on(sql`lower(${t.username})`),
    chainIndex('account_scope_idx', t),
    // Lists show the newest first: the first page is read backwards straight off this index.
    newestFirstIndex('account_created_idx', t),
  ],
);

/** API tokens (SPEC section 3): at most 3 per account, stored hashed, shown once. */
export const apiToken = pgTable(
  'api_token',
  {
    id: identity(),
    accountId: partOf('account_id', () => account.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_token_hash_idx').on(t.tokenHash), index('api_token_account_idx').on(t.accountId)],
);

/** Console sessions: the token itself is never stored, only its SHA-256. */
export const session = pgTable(
  'session',
  {
    tokenHash: text('token_hash').primaryKey(),
    accountId: partOf('account_id', () => account.id),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** A login waiting for its Google Authenticator code: the token opens nothing until then. */
    mfaPending: boolean('mfa_pending').notNull().default(false),
    mfaAttempts: integer('mfa_attempts').notNull().default(0),
    /** When the account last confirmed its password in this session (`POST /v1/account/identify`). */
    identifiedAt: timestamp('identified_at', { withTimezone: true }),
  },
  (t) => [index('session_account_idx').on(t.accountId)],
);

/** Robot-check challenges already used once, kept until they expire so a solution cannot be replayed. */
export const captchaUse = pgTable('captcha_use', {
  id: text('id').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
