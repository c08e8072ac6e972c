// Device locks against tampering (issue 18; docs/decisions.md, Device locks; docs/device-protocol.md, `lock`).

import { type LocalAction, localActions } from '@safety-shield/contract/device';
import { boolean, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { belongTo, bigIdentity, createdAt, identity } from './columns.js';
import { device } from './devices.js';

/** A device's lock as the portal wants it, its PIN (hashed) and tries, and what the device last reported. */
export const deviceLock = pgTable('device_lock', {
  deviceId: integer('device_id')
    .primaryKey()
    .references(() => device.id, { onDelete: 'cascade' }),
  locked: boolean('locked').notNull().default(false),
  /** scrypt hash of the lock's PIN; null when unlocked. */
  pinHash: text('pin_hash'),
  /** Wrong PINs in a row; at the limit, PIN unlocks wait until `blocked_until`. */
  failedTries: integer('failed_tries').notNull().default(0),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
  /** What the device last said (`lockState`), null until it did. */
  reportedLocked: boolean('reported_locked'),
  reportedAt: timestamp('reported_at', { withTimezone: true }),
  changedByName: text('changed_by_name'),
  changedAt: timestamp('changed_at', { withTimezone: true }),
});

/** A local action a locked device refused (`tamper`). */
export const deviceTamper = pgTable(
  'device_tamper',
  {
    id: bigIdentity(),
    deviceId: integer('device_id')
      .notNull()
      .references(() => device.id, { onDelete: 'cascade' }),
    action: text('action', { enum: localActions }).$type<LocalAction>().notNull(),
    /** The device's time of the try (the envelope's `at`). */
    triedAt: timestamp('tried_at', { withTimezone: true }).notNull(),
    receivedAt: createdAt(),
  },
  (t) => [index('device_tamper_device_idx').on(t.deviceId, t.triedAt)],
);

/** An installer's link to the lock page of some devices: its token hashed, until a time and for a number of uses. */
export const lockLink = pgTable(
  'lock_link',
  {
    id: identity(),
    tokenHash: text('token_hash').notNull().unique(),
    deviceIds: integer('device_ids').array().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usesLeft: integer('uses_left').notNull(),
    createdByName: text('created_by_name').notNull(),
    createdAt: createdAt(),
    ...belongTo(),
  },
  (t) => [index('lock_link_expires_idx').on(t.expiresAt)],
);
