// Firmware packages, upgrade campaigns and the device upgrade log (issue 18; docs/device-protocol.md, `upgrade`).

import { type CampaignControl, campaignControls, type UpgradeOutcome, upgradeOutcomes } from '@safety-shield/contract';
import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { belongTo, createdAt, fromDevice, identity, newestFirstIndex } from './columns.js';
import { deviceTask, deviceTaskRow } from './device-task.js';

/** A firmware package: a file of the object store (`key`), the Super Admin's. */
export const firmwarePackage = pgTable(
  'firmware_package',
  {
    id: identity(),
    version: text('version').notNull(),
    /** The models it fits; empty: every model. */
    models: text('models').array().notNull().default([]),
    notes: text('notes'),
    fileName: text('file_name').notNull(),
    key: text('key').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    createdById: integer('created_by_id'),
    createdByName: text('created_by_name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [newestFirstIndex('firmware_package_created_idx', t)],
);

/** A campaign: the device task of kind `upgrade` it runs as, with its package, stages and failure threshold. */
export const upgradeCampaign = pgTable('upgrade_campaign', {
  taskId: integer('task_id')
    .primaryKey()
    .references(() => deviceTask.id, { onDelete: 'cascade' }),
  packageId: integer('package_id')
    .notNull()
    .references(() => firmwarePackage.id),
  control: text('control', { enum: campaignControls }).$type<CampaignControl>().notNull().default('active'),
  controlReason: text('control_reason'),
  stage: integer('stage').notNull().default(1),
  firstStagePercent: integer('first_stage_percent').notNull(),
  failureThresholdPercent: integer('failure_threshold_percent').notNull(),
  firstStageSize: integer('first_stage_size').notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
});

/** One upgrade attempt that ended (`/system/deviceLog`), in the device's organisation chain at its end. */
export const deviceUpgradeLog = pgTable(
  'device_upgrade_log',
  {
    id: identity(),
    taskId: integer('task_id').notNull(),
    /** The task row (one per device and campaign; a retried row logs each attempt). */
    rowId: bigint('row_id', { mode: 'number' }).notNull(),
    ...fromDevice(),
    packageVersion: text('package_version').notNull(),
    fromVersion: text('from_version'),
    toVersion: text('to_version'),
    result: text('result', { enum: upgradeOutcomes }).$type<UpgradeOutcome>().notNull(),
    reason: text('reason'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    endedAt: createdAt(),
    ...belongTo(),
  },
  (t) => [
    index('device_upgrade_log_scope_idx').on(t.belongAgentId, t.belongCompanyId, t.endedAt),
    index('device_upgrade_log_ended_idx').on(t.endedAt, t.id),
  ],
);

/**
 * What an upgrade task row needs besides the generic row: its stage, and the version the device ran and the time the
 * attempt started (first sent), for the log line written at its end.
 */
export const upgradeRow = pgTable(
  'upgrade_row',
  {
    rowId: bigint('row_id', { mode: 'number' })
      .primaryKey()
      .references(() => deviceTaskRow.id, { onDelete: 'cascade' }),
    taskId: integer('task_id').notNull(),
    stage: integer('stage').notNull(),
    fromVersion: text('from_version'),
    startedAt: timestamp('started_at', { withTimezone: true }),
  },
  (t) => [index('upgrade_row_stage_idx').on(t.taskId, t.stage)],
);
