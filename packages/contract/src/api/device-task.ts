import { type Static, Type } from 'typebox';
import { upgradePhases } from '../device/up.js';
import { EpochMs, Id, Nullable, PageQuery } from './common.js';
import { DeviceListQuery } from './device.js';
import { ConfigSettings, configProps } from './device-config.js';

/**
 * Jobs that reach many devices or take time (`/devicepage/taskManager`): a task with one row per device: configuration
 * dispatches, runtime-log orders and firmware upgrade campaigns (api/firmware.ts).
 */
export const deviceTaskKinds = ['config', 'runtimeLog', 'upgrade'] as const;
export type DeviceTaskKind = (typeof deviceTaskKinds)[number];

/** Where one device of a task stands (docs/decisions.md, Device tasks). */
export const taskRowStates = ['queued', 'sent', 'running', 'done', 'failed', 'cancelled', 'expired'] as const;
export type TaskRowState = (typeof taskRowStates)[number];
/** Rows still under way: a task with any of them is running. */
export const OPEN_ROW_STATES: readonly TaskRowState[] = ['queued', 'sent', 'running'];

/** A task as a whole: running while a row is open; then failed if a row failed or expired, cancelled if all were, else done. */
export const taskStates = ['running', 'done', 'failed', 'cancelled'] as const;
export type TaskState = (typeof taskStates)[number];

/** How many rows of a task are in each state. */
export const TaskCounts = Type.Object(
  Object.fromEntries(taskRowStates.map((state) => [state, Type.Integer({ minimum: 0 })])) as {
    [K in TaskRowState]: ReturnType<typeof Type.Integer>;
  },
);
export type TaskCounts = Static<typeof TaskCounts>;

/** The whole task's state from its counts. */
export function taskStateOf(counts: TaskCounts): TaskState {
  if (OPEN_ROW_STATES.some((state) => counts[state] > 0)) return 'running';
  if (counts.failed > 0 || counts.expired > 0) return 'failed';
  const total = taskRowStates.reduce((sum, state) => sum + counts[state], 0);
  return total > 0 && counts.cancelled === total ? 'cancelled' : 'done';
}

/** The most devices one task reaches. */
export const TASK_MAX_DEVICES = 10_000;

export const DeviceTask = Type.Object({
  id: Id,
  kind: Type.Enum(deviceTaskKinds),
  state: Type.Enum(taskStates),
  total: Type.Integer({ minimum: 0 }),
  counts: TaskCounts,
  /** What a configuration task changes (the APN password left out). */
  settings: Nullable(ConfigSettings),
  changed: Type.Array(Type.Enum(configProps)),
  createdBy: Type.String(),
  createTime: EpochMs,
  expireTime: Nullable(EpochMs),
});
export type DeviceTask = Static<typeof DeviceTask>;

export const DeviceTaskRow = Type.Object({
  id: Type.Integer(),
  taskId: Id,
  deviceId: Id,
  deviceUuid: Type.String(),
  state: Type.Enum(taskRowStates),
  /** 0–100 where the device reports it (firmware upgrades), else null. */
  progress: Nullable(Type.Integer({ minimum: 0, maximum: 100 })),
  /** A running firmware upgrade's step, as the device reports it. */
  phase: Nullable(Type.Enum(upgradePhases)),
  reason: Nullable(Type.String()),
  /** The configuration version the row dispatched. */
  version: Nullable(Type.Integer()),
  updateTime: EpochMs,
});
export type DeviceTaskRow = Static<typeof DeviceTaskRow>;

export const TaskListQuery = Type.Object({
  ...PageQuery,
  kind: Type.Optional(Type.Enum(deviceTaskKinds)),
  state: Type.Optional(Type.Enum(taskStates)),
});
export type TaskListQuery = Static<typeof TaskListQuery>;

export const TaskRowQuery = Type.Object({
  ...PageQuery,
  taskId: Id,
  state: Type.Optional(Type.Enum(taskRowStates)),
  /** Part of the device's uuid, any case. */
  keyword: Type.Optional(Type.String({ maxLength: 64 })),
});
export type TaskRowQuery = Static<typeof TaskRowQuery>;

export const TaskIdBody = Type.Object({ taskId: Id });

export const TaskCancelBody = Type.Object({
  taskId: Id,
  /** Only these rows; left out: every open row of the task. */
  rowIds: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 500, uniqueItems: true })),
});
export type TaskCancelBody = Static<typeof TaskCancelBody>;

const { page: _page, limit: _limit, ...deviceFilters } = DeviceListQuery.properties;
/** The device list's filters: a batch reaches every device of the caller's scope they select. */
export const DeviceSelection = Type.Object(deviceFilters);
export type DeviceSelection = Static<typeof DeviceSelection>;

/** `batchDispatch`: a change to many devices, named or selected by the list's filters (one of the two). */
export const BatchDispatchBody = Type.Object({
  deviceIds: Type.Optional(Type.Array(Id, { minItems: 1, maxItems: TASK_MAX_DEVICES, uniqueItems: true })),
  filter: Type.Optional(DeviceSelection),
  settings: ConfigSettings,
  expireTime: Type.Optional(EpochMs),
});
export type BatchDispatchBody = Static<typeof BatchDispatchBody>;

/** `runtime/logs/order/new`: the devices upload their runtime logs (docs/device-protocol.md, `logUpload`). */
export const RuntimeLogOrderBody = Type.Object({
  deviceIds: Type.Array(Id, { minItems: 1, maxItems: TASK_MAX_DEVICES, uniqueItems: true }),
});
export type RuntimeLogOrderBody = Static<typeof RuntimeLogOrderBody>;

/** A runtime log a device uploaded on order (`/collection/index`). */
export const RuntimeLogRecord = Type.Object({
  id: Id,
  taskId: Id,
  deviceId: Id,
  deviceUuid: Type.String(),
  /** Bytes of the gzip file. */
  size: Type.Integer({ minimum: 0 }),
  uploadTime: EpochMs,
  orderedBy: Type.String(),
});
export type RuntimeLogRecord = Static<typeof RuntimeLogRecord>;

export const RuntimeLogQuery = Type.Object({
  ...PageQuery,
  /** Part of the device's uuid, any case. */
  keyword: Type.Optional(Type.String({ maxLength: 64 })),
  taskId: Type.Optional(Id),
});
export type RuntimeLogQuery = Static<typeof RuntimeLogQuery>;
