// Device tasks (`/devicepage/taskManager`): jobs that reach many devices, one row per device.

import type { DeviceTaskKind, TaskRowState } from '@safety-shield/contract';
import { ConfigSettings, deviceTaskKinds, taskRowStates } from '@safety-shield/contract';
import { type UpgradePhase, upgradePhases } from '@safety-shield/contract/device';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { belongTo, bigIdentity, createdAt, declaredJson, fromDevice, identity, partOf, updatedAt } from './columns.js';
import { deviceConfig } from './device-config.js';

/** A task, in its creator's organisation chain (who may see it: SPEC section 6, as any scoped record). */
export const deviceTask = pgTable(
  'device_task',
  {
    id: identity(),
    kind: text('kind', { enum: deviceTaskKinds }).$type<DeviceTaskKind>().notNull(),
    /** A configuration task: the change it makes (without the APN password, which each version seals). */
    settings: declaredJson('settings', ConfigSettings),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** How many rows the task has (rows are written once, with the task): a page of them needs no count. */
    rowCount: integer('row_count').notNull().default(0),
    createdById: integer('created_by_id'),
    createdByName: text('created_by_name').notNull(),
    createdAt: createdAt(),
    ...belongTo(),
  },
  (t) => [index('device_task_scope_idx').on(t.belongAgentId, t.belongCompanyId, t.createdAt)],
);

/** One device of a task. A configuration row follows its version's status (`device_config`). */
export const deviceTaskRow = pgTable(
  'device_task_row',
  {
    id: bigIdentity(),
    taskId: partOf('task_id', () => deviceTask.id),
    ...fromDevice(),
    state: text('state', { enum: taskRowStates }).$type<TaskRowState>().notNull(),
    progress: integer('progress'),
    /** A running firmware upgrade's step as the device reported it. */
    phase: text('phase', { enum: upgradePhases }).$type<UpgradePhase>(),
    reason: text('reason'),
    configId: integer('config_id').references(() => deviceConfig.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('device_task_row_task_idx').on(t.taskId, t.id),
    index('device_task_row_state_idx').on(t.taskId, t.state),
    index('device_task_row_config_idx').on(t.configId),
  ],
);

/** A runtime log a device uploaded on order (`/collection/index`), in the device's organisation chain at the order. */
export const deviceRuntimeLog = pgTable(
  'device_runtime_log',
  {
    id: identity(),
    taskId: partOf('task_id', () => deviceTask.id),
    ...fromDevice(),
    /** Where the store keeps the gzip file. */
    key: text('key').notNull(),
    size: integer('size').notNull(),
    uploadedAt: createdAt(),
    orderedByName: text('ordered_by_name').notNull(),
    ...belongTo(),
  },
  (t) => [index('device_runtime_log_scope_idx').on(t.belongAgentId, t.belongCompanyId, t.uploadedAt)],
);
