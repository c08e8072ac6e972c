import type { DeviceTask, Page, RuntimeLogQuery, RuntimeLogRecord } from '@safety-shield/contract';
import { MAX_RUNTIME_LOG_BYTES } from '@safety-shield/contract/device';
import { and, desc, eq, ilike, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { rowsPage } from '../../db/paging.js';
import { device, deviceRuntimeLog, deviceTask, deviceTaskRow } from '../../db/schema.js';
import type { DeviceCommands } from '../../device-port/index.js';
import { AppError } from '../../http/errors.js';
import { containing } from '../../http/pagination.js';
import type { Principal } from '../../http/principal.js';
import { inScope, outOfScope } from '../../http/scope.js';
import type { ObjectStore } from '../../storage/object-store.js';
import { OBJECTS_PATH } from '../../storage/routes.js';
import type { ObjectSigner } from '../../storage/signed-urls.js';
import { recordedUpload } from '../../storage/upload-records.js';
import type { DeviceTaskService } from '../device-tasks/index.js';
import { deliverInTurns } from '../device-tasks/index.js';

/** How long a device has to upload its log once asked. */
export const LOG_URL_MS = 15 * 60_000;
/** How long the portal waits for the ack, which the device sends once its upload is done. */
const UPLOAD_ACK_MS = 120_000;
const MAX_REASON = 500;
const OPEN = ['queued', 'sent'] as const;

type TaskRecord = typeof deviceTask.$inferSelect;
type RowRecord = typeof deviceTaskRow.$inferSelect;
type Outcome = { state: 'done' | 'failed'; reason: string | null; size?: number };
type LogRow = typeof deviceRuntimeLog.$inferSelect;

const toRecord = (row: LogRow): RuntimeLogRecord => ({
  id: row.id,
  taskId: row.taskId,
  deviceId: row.deviceId,
  deviceUuid: row.deviceUuid,
  size: row.size,
  uploadTime: row.uploadedAt.getTime(),
  orderedBy: row.orderedByName,
});

/**
 * Runtime logs on order (docs/device-protocol.md, `logUpload`): a task with a row per device; each device PUTs its log
 * (gzip) to a signed URL of the object store and acknowledges; the portal keeps the file for `/collection/index`.
 */
export class RuntimeLogService {
  constructor(
    private readonly db: Db,
    private readonly devices: DeviceCommands,
    /** The portal's address as devices reach it, for their upload URLs. */
    private readonly publicUrl: () => string,
    private readonly store: ObjectStore,
    private readonly signer: ObjectSigner,
    private readonly tasks: DeviceTaskService,
    private readonly log: FastifyBaseLogger,
  ) {
    tasks.handle('runtimeLog', {
      cancel: (principal, task, rowIds) => this.cancelRows(principal, task, rowIds),
      retry: (_principal, task) => this.retryRows(task),
    });
  }

  async order(principal: Principal, deviceIds: number[]): Promise<DeviceTask> {
    const created = await this.db.transaction(async (tx) => {
      const targets = await tx
        .select({ id: device.id, uuid: device.deviceUuid, online: device.online })
        .from(device)
        .where(and(inScope(principal, device), inArray(device.id, deviceIds)))
        .orderBy(device.id)
        .for('update');
      if (targets.length !== deviceIds.length) throw outOfScope(principal, 'DEVICE_NOT_EXIST');
      const task = await this.tasks.create(tx, principal, {
        kind: 'runtimeLog',
        rowCount: targets.length,
        settings: null,
        expiresAt: null,
      });
      const rows = await tx
        .insert(deviceTaskRow)
        .values(targets.map((target) => ({ taskId: task.id, deviceId: target.id, deviceUuid: target.uuid, state: 'queued' as const })))
        .returning({ id: deviceTaskRow.id, deviceId: deviceTaskRow.deviceId });
      const online = new Map(targets.map((target) => [target.id, target]));
      return {
        taskId: task.id,
        deliveries: rows.flatMap((row) => {
          const target = online.get(row.deviceId);
          return target?.online ? [{ rowId: row.id, uuid: target.uuid }] : [];
        }),
      };
    });
    this.tasks.progress.changed([created.taskId]);
    void this.deliverAll(created.deliveries);
    return this.tasks.info(principal, created.taskId);
  }

  private deliverAll(deliveries: Array<{ rowId: number; uuid: string }>) {
    return deliverInTurns(deliveries, (item) => this.deliver(item.rowId, item.uuid), this.log, 'log order not delivered');
  }

  /** Where a row's log is kept. */
  private static keyOf(taskId: number, rowId: number) {
    return `device-log/${taskId}/${rowId}`;
  }

  /**
   * Asks a device for its log: a signed PUT URL of the store, valid LOG_URL_MS. Its ack comes once the upload is done;
   * the file is then recorded and the row done. A refusal fails the row; no answer leaves it for the next hello.
   */
  private async deliver(rowId: number, uuid: string): Promise<void> {
    if (!this.devices.reaches(uuid)) return;
    const row = await this.db.transaction(async (tx) => {
      const [found] = await tx
        .select({ row: deviceTaskRow, task: deviceTask })
        .from(deviceTaskRow)
        .innerJoin(deviceTask, eq(deviceTask.id, deviceTaskRow.taskId))
        .where(and(eq(deviceTaskRow.id, rowId), inArray(deviceTaskRow.state, [...OPEN])))
        .for('update', { of: deviceTaskRow });
      if (!found) return null;
      await tx.update(deviceTaskRow).set({ state: 'sent', updatedAt: new Date() }).where(eq(deviceTaskRow.id, rowId));
      return found;
    });
    if (!row) return;
    this.tasks.progress.changed([row.row.taskId]);
    const key = RuntimeLogService.keyOf(row.row.taskId, rowId);
    // Uploaded before, its ack lost: the upload link is used up and the log is there.
    const uploaded = await recordedUpload(this.db, key);
    if (uploaded) return this.settle(row, key, { state: 'done', reason: null, size: uploaded.size });
    const expiresAt = Date.now() + LOG_URL_MS;
    const token = this.signer.sign({ op: 'put', key, exp: expiresAt, maxBytes: MAX_RUNTIME_LOG_BYTES, contentType: 'application/gzip' });
    const payload = {
      taskId: row.row.taskId,
      url: `${this.publicUrl()}${OBJECTS_PATH}/${token}`,
      expiresAt,
      maxBytes: MAX_RUNTIME_LOG_BYTES,
    };
    let outcome: Outcome;
    try {
      await this.devices.send(uuid, 'logUpload', payload, UPLOAD_ACK_MS);
      const stored = await recordedUpload(this.db, key);
      outcome = stored ? { state: 'done', reason: null, size: stored.size } : { state: 'failed', reason: 'no file received' };
    } catch (err) {
      const ack = (err as { ack?: { error?: string | null } }).ack;
      if (!ack) {
        this.log.info({ err, rowId }, 'log order not acknowledged: sent again at the next hello');
        return;
      }
      outcome = { state: 'failed', reason: (ack.error ?? 'refused by the device').slice(0, MAX_REASON) };
    }
    await this.settle(row, key, outcome);
  }

  /** A sent row done (its log listed, of the size recorded with its upload) or failed. */
  private async settle(row: { row: RowRecord; task: TaskRecord }, key: string, outcome: Outcome): Promise<void> {
    const rowId = row.row.id;
    await this.db.transaction(async (tx) => {
      const [moved] = await tx
        .update(deviceTaskRow)
        .set({ state: outcome.state, reason: outcome.reason, updatedAt: new Date() })
        .where(and(eq(deviceTaskRow.id, rowId), eq(deviceTaskRow.state, 'sent')))
        .returning();
      if (!moved || outcome.state !== 'done') return;
      const [owner] = await tx
        .select({ agent: device.belongAgentId, company: device.belongCompanyId, fleet: device.belongFleetId })
        .from(device)
        .where(eq(device.id, moved.deviceId));
      await tx.insert(deviceRuntimeLog).values({
        taskId: moved.taskId,
        deviceId: moved.deviceId,
        deviceUuid: moved.deviceUuid,
        key,
        size: outcome.size ?? 0,
        orderedByName: row.task.createdByName,
        belongAgentId: owner?.agent ?? null,
        belongCompanyId: owner?.company ?? null,
        belongFleetId: owner?.fleet ?? null,
      });
    });
    this.tasks.progress.changed([row.row.taskId]);
  }

  /** A device said hello: its log orders still open go (again). */
  async hello(uuid: string): Promise<void> {
    try {
      const rows = await this.db
        .select({ id: deviceTaskRow.id })
        .from(deviceTaskRow)
        .innerJoin(deviceTask, eq(deviceTask.id, deviceTaskRow.taskId))
        .where(and(eq(deviceTaskRow.deviceUuid, uuid), eq(deviceTask.kind, 'runtimeLog'), inArray(deviceTaskRow.state, [...OPEN])));
      for (const row of rows) await this.deliver(row.id, uuid);
    } catch (err) {
      this.log.error({ err, uuid }, 'waiting log orders not sent');
    }
  }

  private async cancelRows(principal: Principal, task: TaskRecord, rowIds: number[] | undefined) {
    await this.db
      .update(deviceTaskRow)
      .set({ state: 'cancelled', reason: `cancelled by ${principal.username}`, updatedAt: new Date() })
      .where(
        and(
          eq(deviceTaskRow.taskId, task.id),
          inArray(deviceTaskRow.state, [...OPEN]),
          rowIds ? inArray(deviceTaskRow.id, rowIds) : undefined,
        ),
      );
  }

  private async retryRows(task: TaskRecord) {
    const rows = await this.db
      .update(deviceTaskRow)
      .set({ state: 'queued', reason: null, updatedAt: new Date() })
      .where(and(eq(deviceTaskRow.taskId, task.id), inArray(deviceTaskRow.state, ['failed', 'expired'])))
      .returning({ id: deviceTaskRow.id, deviceId: deviceTaskRow.deviceId, uuid: deviceTaskRow.deviceUuid });
    if (rows.length === 0) return;
    const online = await this.db
      .select({ id: device.id })
      .from(device)
      .where(
        and(
          inArray(
            device.id,
            rows.map((row) => row.deviceId),
          ),
          eq(device.online, true),
        ),
      );
    const up = new Set(online.map((row) => row.id));
    void this.deliverAll(rows.filter((row) => up.has(row.deviceId)).map((row) => ({ rowId: row.id, uuid: row.uuid })));
  }

  list(principal: Principal, query: RuntimeLogQuery): Promise<Page<RuntimeLogRecord>> {
    const where = and(
      inScope(principal, deviceRuntimeLog),
      query.keyword ? ilike(deviceRuntimeLog.deviceUuid, containing(query.keyword)) : undefined,
      query.taskId ? eq(deviceRuntimeLog.taskId, query.taskId) : undefined,
    );
    return rowsPage(this.db, deviceRuntimeLog, where, [desc(deviceRuntimeLog.id)], query, toRecord);
  }

  /** A log of the caller's scope, its file opened for reading. */
  async file(principal: Principal, id: number) {
    const [row] = await this.db
      .select()
      .from(deviceRuntimeLog)
      .where(and(inScope(principal, deviceRuntimeLog), eq(deviceRuntimeLog.id, id)));
    if (!row) throw outOfScope(principal, 'EVENT_RESOURCE_NOT_EXIST');
    const object = await this.store.get(row.key);
    if (!object) throw new AppError('EVENT_RESOURCE_NOT_EXIST');
    return { row, object };
  }
}
