import {
  type DeviceTask,
  type DeviceTaskRow,
  type Page,
  TASK_MAX_DEVICES,
  type TaskCounts,
  type TaskListQuery,
  type TaskRowQuery,
  type TaskRowState,
  taskRowStates,
  taskStateOf,
} from '@safety-shield/contract';
import { and, count, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { pageOf, rowsPage } from '../../db/paging.js';
import { device, deviceConfig, deviceTask, deviceTaskRow } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { containing } from '../../http/pagination.js';
import type { Principal } from '../../http/principal.js';
import { inScope, outOfScope } from '../../http/scope.js';

type TaskRow = typeof deviceTask.$inferSelect;

export const noCounts = (): TaskCounts => Object.fromEntries(taskRowStates.map((state) => [state, 0])) as TaskCounts;

/** Each task's rows counted by state. */
export async function countsOf(db: Db, taskIds: number[]): Promise<Map<number, TaskCounts>> {
  const out = new Map(taskIds.map((id) => [id, noCounts()]));
  if (taskIds.length === 0) return out;
  const rows = await db
    .select({ taskId: deviceTaskRow.taskId, state: deviceTaskRow.state, n: count() })
    .from(deviceTaskRow)
    .where(inArray(deviceTaskRow.taskId, taskIds))
    .groupBy(deviceTaskRow.taskId, deviceTaskRow.state);
  for (const { taskId, state, n } of rows) {
    const counts = out.get(taskId);
    if (counts) counts[state] = n;
  }
  return out;
}

export function toTask(row: TaskRow, counts: TaskCounts): DeviceTask {
  const total = taskRowStates.reduce((sum, state) => sum + counts[state], 0);
  return {
    id: row.id,
    kind: row.kind,
    state: taskStateOf(counts),
    total,
    counts,
    settings: row.settings,
    changed: row.settings ? (Object.keys(row.settings) as DeviceTask['changed']) : [],
    createdBy: row.createdByName,
    createTime: row.createdAt.getTime(),
    expireTime: row.expiresAt?.getTime() ?? null,
  };
}

export async function listTasks(db: Db, scope: SQL, query: TaskListQuery): Promise<Page<DeviceTask>> {
  const where = and(scope, query.kind ? eq(deviceTask.kind, query.kind) : undefined);
  if (query.state) {
    // A task's state is its rows': filter in memory over the scope's tasks (a scope holds few tasks, each many rows).
    const all = await db.select().from(deviceTask).where(where).orderBy(desc(deviceTask.id));
    const counts = await countsOf(
      db,
      all.map((task) => task.id),
    );
    const matching = all.map((task) => toTask(task, counts.get(task.id) ?? noCounts())).filter((task) => task.state === query.state);
    const start = (query.page - 1) * query.limit;
    return { records: matching.slice(start, start + query.limit), total: matching.length };
  }
  const page = await rowsPage(db, deviceTask, where, [desc(deviceTask.id)], query, (row) => row);
  const counts = await countsOf(
    db,
    page.records.map((task) => task.id),
  );
  return { records: page.records.map((task) => toTask(task, counts.get(task.id) ?? noCounts())), total: page.total };
}

export async function listRows(db: Db, query: TaskRowQuery, knownTotal?: number): Promise<Page<DeviceTaskRow>> {
  const where = and(
    eq(deviceTaskRow.taskId, query.taskId),
    query.state ? eq(deviceTaskRow.state, query.state) : undefined,
    query.keyword ? ilike(deviceTaskRow.deviceUuid, containing(query.keyword)) : undefined,
  );
  const list = db
    .select({ row: deviceTaskRow, version: deviceConfig.version })
    .from(deviceTaskRow)
    .leftJoin(deviceConfig, eq(deviceConfig.id, deviceTaskRow.configId))
    .where(where)
    .orderBy(deviceTaskRow.id)
    .$dynamic();
  const counted =
    knownTotal === undefined ? db.select({ n: count() }).from(deviceTaskRow).where(where) : Promise.resolve([{ n: knownTotal }]);
  return pageOf(query, list, counted, ({ row, version }) => ({
    id: row.id,
    taskId: row.taskId,
    deviceId: row.deviceId,
    deviceUuid: row.deviceUuid,
    state: row.state,
    progress: row.progress,
    phase: row.phase,
    reason: row.reason,
    version,
    updateTime: row.updatedAt.getTime(),
  }));
}

/**
 * Rows follow the configuration versions they dispatched: the open rows of these versions take `state` (and the
 * reason). Answers the tasks whose rows moved, for their progress.
 */
export async function settleRows(db: Db, configIds: number[], state: TaskRowState, reason: string | null = null): Promise<number[]> {
  if (configIds.length === 0) return [];
  const moved = await db
    .update(deviceTaskRow)
    .set({ state, reason, updatedAt: new Date() })
    .where(and(inArray(deviceTaskRow.configId, configIds), inArray(deviceTaskRow.state, ['queued', 'sent', 'running'])))
    .returning({ taskId: deviceTaskRow.taskId });
  return [...new Set(moved.map((row) => row.taskId))];
}

/**
 * The devices a batch reaches (a configuration or an upgrade to many): the ones named, all in the caller's scope, or
 * those the caller's scope and `selected` give; locked for the caller's transaction, in id order, 1 to
 * TASK_MAX_DEVICES of them (PERMISSION_CHECK_FAIL / DEVICE_NOT_EXIST for a named one out of reach, else
 * PARAM_CHECK_FAIL).
 */
export async function batchTargets(
  tx: Db,
  principal: Principal,
  deviceIds: readonly number[] | undefined,
  selected: (scope: SQL) => SQL | undefined,
) {
  const scope = inScope(principal, device);
  const targets = await tx
    .select({ id: device.id, uuid: device.deviceUuid, online: device.online, version: device.version, model: device.model })
    .from(device)
    .where(deviceIds ? and(scope, inArray(device.id, [...deviceIds])) : selected(scope))
    .orderBy(device.id)
    .limit(TASK_MAX_DEVICES + 1)
    .for('update');
  if (deviceIds && targets.length !== deviceIds.length) throw outOfScope(principal, 'DEVICE_NOT_EXIST');
  if (targets.length === 0 || targets.length > TASK_MAX_DEVICES) throw new AppError('PARAM_CHECK_FAIL', 'filter', { field: 'filter' });
  return targets;
}
