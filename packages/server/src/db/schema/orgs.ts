import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { belongTo, chainIndex, createdAt, identity } from './columns.js';

/** Agents (area suppliers), companies, fleets and sites: one table, `kind` says which (SPEC section 3). */
export const org = pgTable(
  'org',
  {
    id: identity(),
    kind: text('kind', { enum: ['agent', 'company', 'fleet', 'site'] }).notNull(),
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    address: text('address'),
    description: text('description'),
    state: text('state', { enum: ['enabled', 'forbidden'] })
      .notNull()
      .default('enabled'),
    /** A data: URL of a JPG or PNG, checked by content. */
    logo: text('logo'),
    /** Agents: how many companies they may have; null is no limit. */
    companyQuota: integer('company_quota'),
    /** Agents and companies: how many devices they may have; null is no limit. */
    deviceQuota: integer('device_quota'),
    /** Companies: their notification settings (`/system/companySetting`). */
    notification: jsonb('notification'),
    /** Companies: SHA-256 of the key new devices connect with the first time (docs/device-protocol.md). */
    provisioningKeyHash: text('provisioning_key_hash'),
    ...belongTo(),
    createdAt: createdAt(),
  },
  (t) => [
    index('org_parent_idx').on(t.parentId),
    chainIndex('org_scope_idx', t),
    // SPEC: names are unique among siblings, without regard to case.
    uniqueIndex('org_provisioning_key_idx').on(t.provisioningKeyHash),
    uniqueIndex('org_sibling_name_idx').on(t.kind, sql`coalesce(${t.parentId}, 0)`, sql`lower(${t.name})`),
  ],
);
