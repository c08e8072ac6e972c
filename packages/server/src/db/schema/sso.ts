// Single sign-on with OpenID Connect: each company's provider, and the sign-ins started but not yet finished.

import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { partOf, updatedAt } from './columns.js';
import { org } from './orgs.js';

/** A company's OpenID provider, kept by its Super or Agent Admin (`/v1/org/company/sso`). */
export const ssoConfig = pgTable(
  'sso_config',
  {
    companyId: partOf('company_id', () => org.id).primaryKey(),
    /** What users type on the login page to reach this company's provider. */
    name: text('name').notNull(),
    issuer: text('issuer').notNull(),
    clientId: text('client_id').notNull(),
    /** Sealed with SECRET_KEY (AES-256-GCM): the API never answers it. */
    clientSecret: text('client_secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    updatedAt: updatedAt(),
    updatedBy: integer('updated_by'),
  },
  // One name reaches one company, without regard to case.
  (t) => [uniqueIndex('sso_config_name_idx').on(sql`lower(${t.name})`)],
);

/**
 * A sign-in sent to the provider and not yet back: kept in the database so the node that receives the answer need not
 * be the one that started it; used once, and only until `expires_at`.
 */
export const ssoLogin = pgTable(
  'sso_login',
  {
    /** SHA-256 of the `state` sent to the provider. */
    stateHash: text('state_hash').primaryKey(),
    companyId: partOf('company_id', () => org.id),
    /** The PKCE verifier, sealed like the client secret. */
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sso_login_expires_idx').on(t.expiresAt)],
);
