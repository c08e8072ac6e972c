import type {
  ConfigSettings,
  DeviceTask,
  DeviceTaskKind,
  DeviceTaskRow,
  Page,
  TaskCancelBody,
  TaskListQuery,
  TaskRowQuery,
} from '@safety-shield/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../../bus/bus.js';
import type { Db } from '../../db/client.js';
import { deviceTask, deviceTaskRow } from '../../db/schema.js';
import { belongingTo } from '../../db/subqueries.js';
import { AppError } from '../../http/errors.js';
import type { Principal } from '../../http/principal.js';
import { inScope, outOfScope } from '../../http/scope.js';
import { TaskProgress } from './progress.js';
import { countsOf, listRows, listTasks, noCounts, toTask } from './repo.js';

type TaskRecord = typeof deviceTask.$inferSelect;

/** What a kind of task does when an operator cancels rows or retries the failed ones (the configuration service for `config`). */
export interface TaskKindHandler {
  /** Cancels these open rows (all open rows of the task when `rowIds` is left out). */
  cancel(principal: Principal, task: TaskRecord, rowIds: number[] | undefined): Promise<void>;
  /** Sends the failed and expired rows again. */
  retry(principal: Principal, task: TaskRecord): Promise<void>;
  /** Brings the task's rows up to date before they are read (e.g. expiries that passed). */
  refresh?(task: TaskRecord): Promise<void>;
}

/** A new task's fields. */
export interface NewTask {
  kind: DeviceTaskKind;
  /** How many rows the caller writes with it. */
  rowCount: number;
  settings: ConfigSettings | null;
  expiresAt: Date | null;
}

/** Device tasks of every kind: made by the services that run them, read, cancelled and retried here. */
export class DeviceTaskService {
  readonly progress: TaskProgress;
  private readonly handlers = new Map<DeviceTaskKind, TaskKindHandler>();

  constructor(
    private readonly db: Db,
    bus: Bus,
    log: FastifyBaseLogger,
  ) {
    this.progress = new TaskProgress(db, bus, log);
  }

  handle(kind: DeviceTaskKind, handler: TaskKindHandler) {
    this.handlers.set(kind, handler);
  }

  /** A new task in the caller's organisation chain, inside the caller's transaction. */
  async create(tx: Db, principal: Principal, task: NewTask): Promise<TaskRecord> {
    const [row] = await tx
      .insert(deviceTask)
      .values({
        ...task,
        createdById: principal.accountId,
        createdByName: principal.username,
        ...belongingTo(principal),
      })
      .returning();
    return row as TaskRecord;
  }

  private async record(principal: Principal, taskId: number): Promise<TaskRecord> {
    const [row] = await this.db
      .select()
      .from(deviceTask)
      .where(and(inScope(principal, deviceTask), eq(deviceTask.id, taskId)));
    if (!row) throw outOfScope(principal, 'PARAM_CHECK_FAIL');
    await this.handlers.get(row.kind)?.refresh?.(row);
    return row;
  }

  private async answer(task: TaskRecord): Promise<DeviceTask> {
    const counts = await countsOf(this.db, [task.id]);
    return toTask(task, counts.get(task.id) ?? noCounts());
  }

  list(principal: Principal, query: TaskListQuery): Promise<Page<DeviceTask>> {
    return listTasks(this.db, inScope(principal, deviceTask), query);
  }

  async info(principal: Principal, taskId: number): Promise<DeviceTask> {
    return this.answer(await this.record(principal, taskId));
  }

  async rows(principal: Principal, query: TaskRowQuery): Promise<Page<DeviceTaskRow>> {
    const task = await this.record(principal, query.taskId);
    // Unfiltered, the task knows how many rows it has: a page of 10,000 rows needs no count.
    return listRows(this.db, query, query.state || query.keyword ? undefined : task.rowCount);
  }

  async cancel(principal: Principal, { taskId, rowIds }: TaskCancelBody): Promise<DeviceTask> {
    const task = await this.record(principal, taskId);
    if (rowIds) {
      const found = await this.db
        .select({ id: deviceTaskRow.id })
        .from(deviceTaskRow)
        .where(and(eq(deviceTaskRow.taskId, taskId), inArray(deviceTaskRow.id, rowIds)));
      if (found.length !== rowIds.length) throw new AppError('PARAM_CHECK_FAIL', 'rowIds', { field: 'rowIds' });
    }
    await this.handlerOf(task).cancel(principal, task, rowIds);
    this.progress.changed([taskId]);
    return this.answer(task);
  }

  async retry(principal: Principal, taskId: number): Promise<DeviceTask> {
    const task = await this.record(principal, taskId);
    await this.handlerOf(task).retry(principal, task);
    this.progress.changed([taskId]);
    return this.answer(task);
  }

  private handlerOf(task: TaskRecord): TaskKindHandler {
    const handler = this.handlers.get(task.kind);
    if (!handler) throw new AppError('SYSTEM_TASK_TYPE_NOT_EXIST');
    return handler;
  }
}
