// Devices' configurations (docs/device-protocol.md, `config`): the versions the portal holds and what each device
// last said it runs.

import type { ConfigProp, ConfigStatus } from '@safety-shield/contract';
import { ConfigSettings, configStatuses, ThresholdValues } from '@safety-shield/contract';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, declaredJson, identity, partOf, updatedAt } from './columns.js';
import { device } from './devices.js';

/**
 * One version of a device's configuration: the whole document the device runs once it applies it. The APN password
 * is not in `settings`: it is sealed in `apn_password` (SECRET_KEY), so a copy of the database does not reveal it.
 */
export const deviceConfig = pgTable(
  'device_config',
  {
    id: identity(),
    deviceId: partOf('device_id', () => device.id),
    /** Per device, ascending: what the device acknowledges. */
    version: integer('version').notNull(),
    status: text('status', { enum: configStatuses }).$type<ConfigStatus>().notNull(),
    settings: declaredJson('settings', ConfigSettings).notNull(),
    apnPassword: text('apn_password'),
    /** The properties this version changed against the one it was made from. */
    changed: jsonb('changed').$type<ConfigProp[]>().notNull(),
    reason: text('reason'),
    createdById: integer('created_by_id'),
    createdByName: text('created_by_name'),
    createdAt: createdAt(),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('device_config_version_idx').on(t.deviceId, t.version), index('device_config_status_idx').on(t.deviceId, t.status)],
);

/** What a device last said it runs (`configReport` after its hello, a `configGet` answer, an applied `config`). */
export const deviceConfigReport = pgTable('device_config_report', {
  deviceId: partOf('device_id', () => device.id).primaryKey(),
  version: integer('version').notNull(),
  /** Without the APN password, which the portal never answers; settings the portal does not know are not kept. */
  settings: declaredJson('settings', ConfigSettings).notNull(),
  apnPasswordSet: boolean('apn_password_set').notNull().default(false),
  reportedAt: timestamp('reported_at', { withTimezone: true }).notNull(),
});

/** Threshold classes (`/devicepage/thresholds`): named limits, platform-wide, kept by the Super Admin. */
export const thresholdClass = pgTable(
  'threshold_class',
  {
    id: identity(),
    name: text('name').notNull(),
    description: text('description'),
    values: declaredJson('values', ThresholdValues).notNull(),
    updatedAt: updatedAt(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('threshold_class_name_idx').on(t.name)],
);
