import {
  CLIP_HALF_SPAN_MS,
  CLIP_WINDOW_MS,
  type EvidenceTask,
  type EvidenceTaskKind,
  type EvidenceTaskRecord,
  type EvidenceTaskState,
  UPLOAD_RECEIVED,
} from '@safety-shield/contract';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../../../bus/bus.js';
import type { Db } from '../../../db/client.js';
import { device, evidenceTask, incident, incidentHistory, incidentResource } from '../../../db/schema.js';
import { chainColumns } from '../../../db/subqueries.js';
import type { DeviceCommands } from '../../../device-port/index.js';
import { AppError } from '../../../http/errors.js';
import type { Principal } from '../../../http/principal.js';
import { inScope, outOfScope } from '../../../http/scope.js';
import { type Moved, UploadState } from '../evidence.js';
import { checkIncidentVisible } from '../service.js';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type IncidentRow = Pick<typeof incident.$inferSelect, 'id' | 'deviceUuid' | 'messageId' | 'triggerAt'>;
type ResourceRow = typeof incidentResource.$inferSelect;
type TaskRow = typeof evidenceTask.$inferSelect;

const OPEN: EvidenceTaskState[] = ['waiting', 'sent'];
const toSeconds = (time: number) => (time < 100_000_000_000 ? time * 1000 : time);

/** A task as the API answers it. */
export const toTask = (row: TaskRow): EvidenceTask => ({
  taskId: row.id,
  eventId: row.incidentId,
  state: row.state,
  resourceIds: row.resourceIds,
});

/** A line of an incident's history, in the caller's name. */
const historyLine = (tx: Tx, principal: Principal, incidentId: number, action: string, detail: unknown) =>
  tx.insert(incidentHistory).values({ incidentId, action, username: principal.username, detail });

/** A new waiting task for resources of an incident, in the caller's name. */
async function newTask(
  tx: Tx,
  principal: Principal,
  target: { id: number; deviceUuid: string },
  kind: EvidenceTaskKind,
  resourceIds: number[],
): Promise<TaskRow> {
  const [created] = await tx
    .insert(evidenceTask)
    .values({
      incidentId: target.id,
      deviceUuid: target.deviceUuid,
      kind,
      resourceIds,
      createdById: principal.accountId,
      createdByName: principal.username,
    })
    .returning();
  if (!created) throw new AppError('ACTION_FAIL_RETRY');
  return created;
}

/** A span of a channel's recording asked of a device, epoch milliseconds. */
export interface ClipSpan {
  channel: number;
  start: number;
  end: number;
}

/**
 * A new waiting clip task under an incident, with the resource it asks for, `clip-{taskId}-ch{channel}` in state 0 (the
 * task's id names it, so the task is written first and given its resource after), and the incident's history line.
 */
export async function recordClipTask(
  tx: Tx,
  principal: Principal,
  target: { id: number; deviceUuid: string },
  { channel, start, end }: ClipSpan,
): Promise<TaskRow> {
  const created = await newTask(tx, principal, target, 'clip', []);
  const name = `clip-${created.id}-ch${channel}`;
  const [resource] = await tx
    .insert(incidentResource)
    .values({ incidentId: target.id, deviceResourceId: name, kind: 'video', channel, startAt: new Date(start), endAt: new Date(end) })
    .returning({ id: incidentResource.id });
  if (!resource) throw new AppError('ACTION_FAIL_RETRY');
  const [updated] = await tx
    .update(evidenceTask)
    .set({ resourceIds: [resource.id] })
    .where(eq(evidenceTask.id, created.id))
    .returning();
  if (!updated) throw new AppError('ACTION_FAIL_RETRY');
  await historyLine(tx, principal, target.id, 'evidenceRequested', {
    taskId: created.id,
    kind: 'clip',
    resourceIds: [name],
    channel,
    startTime: start,
    endTime: end,
  });
  return updated;
}

/**
 * On-demand evidence requests (SPEC section 7, Device; docs/device-protocol.md, `evidenceRequest`): a task per request,
 * sent to the device at once when it is online, else at its next `hello`; it follows the upload states of its resources.
 */
export class EvidenceRequestService {
  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
    private readonly devices: DeviceCommands,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** One live incident in the caller's scope, locked, or PERMISSION_CHECK_FAIL / EVENT_NOT_EXIST. */
  private async incidentOf(tx: Tx, principal: Principal, incidentId: number): Promise<IncidentRow> {
    const [row] = await tx
      .select({ id: incident.id, deviceUuid: incident.deviceUuid, messageId: incident.messageId, triggerAt: incident.triggerAt })
      .from(incident)
      .where(and(inScope(principal, incident), eq(incident.id, incidentId), isNull(incident.deletedAt)))
      .for('update');
    if (!row) throw outOfScope(principal, 'EVENT_NOT_EXIST');
    return row;
  }

  private resourcesOf(tx: Tx, incidentIds: number[]) {
    return tx.select().from(incidentResource).where(inArray(incidentResource.incidentId, incidentIds)).orderBy(asc(incidentResource.id));
  }

  /**
   * Asks for those resources of one incident: stored ones (>= 4) are left out, ones already in an open task are not
   * asked twice (that task is returned when nothing else is left), the rest make one new waiting task.
   */
  private async ask(tx: Tx, principal: Principal, row: IncidentRow, kind: EvidenceTaskKind, wanted: ResourceRow[], fresh: number[]) {
    const missing = wanted.filter((resource) => resource.state < UPLOAD_RECEIVED);
    if (missing.length === 0) return { taskId: null, eventId: row.id, state: 'done', resourceIds: [] } satisfies EvidenceTask;
    const open = await tx
      .select()
      .from(evidenceTask)
      .where(and(eq(evidenceTask.incidentId, row.id), inArray(evidenceTask.state, OPEN)))
      .orderBy(asc(evidenceTask.id));
    const asked = new Set(open.flatMap((t) => t.resourceIds));
    const left = missing.filter((resource) => !asked.has(resource.id));
    if (left.length === 0) {
      const existing = open.find((t) => missing.some((resource) => t.resourceIds.includes(resource.id)));
      if (existing) return toTask(existing);
    }
    const created = await newTask(
      tx,
      principal,
      row,
      kind,
      left.map((resource) => resource.id),
    );
    await historyLine(tx, principal, row.id, 'evidenceRequested', {
      taskId: created.id,
      kind,
      resourceIds: left.map((resource) => resource.deviceResourceId),
    });
    fresh.push(created.id);
    return toTask(created);
  }

  /** `getCtrDeviceUploadPic`: one resource (a picture, or any other file the device still holds). */
  async picture(principal: Principal, incidentId: number, resourceId: number): Promise<EvidenceTask> {
    const fresh: number[] = [];
    const result = await this.db.transaction(async (tx) => {
      const row = await this.incidentOf(tx, principal, incidentId);
      const resource = (await this.resourcesOf(tx, [row.id])).find((r) => r.id === resourceId);
      if (!resource) throw new AppError('EVENT_RESOURCE_NOT_EXIST');
      return this.ask(tx, principal, row, resource.kind, [resource], fresh);
    });
    return this.dispatchAll(fresh, result);
  }

  /** `getCtrDeviceUploadVideo` / batch: every picture or video of the incidents not stored yet. */
  async allOf(principal: Principal, incidentIds: number[], kind: 'picture' | 'video'): Promise<EvidenceTask[]> {
    const unique = [...new Set(incidentIds)];
    const fresh: number[] = [];
    const result = await this.db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: incident.id, deviceUuid: incident.deviceUuid, messageId: incident.messageId, triggerAt: incident.triggerAt })
        .from(incident)
        .where(and(inScope(principal, incident), inArray(incident.id, unique), isNull(incident.deletedAt)))
        .orderBy(asc(incident.id))
        .for('update');
      // All or none: one incident the caller may not see fails the whole call.
      if (rows.length !== unique.length) throw outOfScope(principal, 'EVENT_NOT_EXIST');
      const resources = await this.resourcesOf(tx, unique);
      const tasks: EvidenceTask[] = [];
      for (const row of rows) {
        const wanted = resources.filter((r) => r.incidentId === row.id && r.kind === kind);
        // A single incident without any file of the kind is named; a batch just skips it.
        if (wanted.length === 0 && unique.length === 1) throw new AppError('EVENT_RESOURCE_NOT_EXIST');
        if (wanted.length > 0) tasks.push(await this.ask(tx, principal, row, kind, wanted, fresh));
      }
      return tasks;
    });
    return this.dispatchAll(fresh, result);
  }

  /**
   * `getDeviceUploadVideoUrl`: a clip of `time ± 10 s` (cut to the incident's time ± 5 min) on the channel of the
   * chosen resource, recorded first as a new resource `clip-{taskId}-ch{channel}` in state 0.
   */
  async clip(principal: Principal, incidentId: number, resourceId: number, time: number): Promise<EvidenceTask> {
    const at = toSeconds(time);
    const fresh: number[] = [];
    const result = await this.db.transaction(async (tx) => {
      const row = await this.incidentOf(tx, principal, incidentId);
      const resources = await this.resourcesOf(tx, [row.id]);
      const base = resources.find((r) => r.id === resourceId);
      if (!base) throw new AppError('EVENT_RESOURCE_NOT_EXIST');
      const trigger = row.triggerAt.getTime();
      if (Math.abs(at - trigger) > CLIP_WINDOW_MS) throw new AppError('PARAM_CHECK_FAIL', 'time', { field: 'time' });
      const start = Math.max(at - CLIP_HALF_SPAN_MS, trigger - CLIP_WINDOW_MS);
      const end = Math.min(at + CLIP_HALF_SPAN_MS, trigger + CLIP_WINDOW_MS);
      // The same clip asked again while its task is open: that task.
      const open = await tx
        .select()
        .from(evidenceTask)
        .where(and(eq(evidenceTask.incidentId, row.id), eq(evidenceTask.kind, 'clip'), inArray(evidenceTask.state, OPEN)));
      const same = open.find((t) =>
        resources.some(
          (r) => t.resourceIds.includes(r.id) && r.channel === base.channel && r.startAt?.getTime() === start && r.endAt?.getTime() === end,
        ),
      );
      if (same) return toTask(same);
      const created = await recordClipTask(tx, principal, row, { channel: base.channel, start, end });
      fresh.push(created.id);
      return toTask(created);
    });
    return this.dispatchAll(fresh, result);
  }

  /** `cancelTask`: a waiting or sent task is cancelled (a sent one also on the device, with `cancelUpload`). */
  async cancel(principal: Principal, taskId: number): Promise<EvidenceTask> {
    const { row, wasSent } = await this.db.transaction(async (tx) => {
      const [found] = await tx
        .select({ task: evidenceTask })
        .from(evidenceTask)
        .innerJoin(incident, eq(incident.id, evidenceTask.incidentId))
        .where(and(eq(evidenceTask.id, taskId), inScope(principal, incident)))
        .for('update', { of: evidenceTask });
      if (!found) throw outOfScope(principal, 'SYSTEM_TASK_TYPE_NOT_EXIST');
      if (!OPEN.includes(found.task.state)) throw new AppError('DEVICE_STATE_ERROR');
      const [updated] = await tx
        .update(evidenceTask)
        .set({ state: 'cancelled', updatedAt: new Date() })
        .where(eq(evidenceTask.id, taskId))
        .returning();
      if (!updated) throw new AppError('ACTION_FAIL_RETRY');
      await historyLine(tx, principal, updated.incidentId, 'evidenceCancelled', { taskId });
      return { row: updated, wasSent: found.task.state === 'sent' };
    });
    if (wasSent && this.devices.reaches(row.deviceUuid)) {
      this.devices
        .send(row.deviceUuid, 'cancelUpload', { taskId })
        .catch((err: unknown) => this.log.info({ err, taskId }, 'cancelUpload not acknowledged'));
    }
    return toTask(row);
  }

  /** The tasks of one incident the caller may see, newest first. */
  async list(principal: Principal, incidentId: number): Promise<EvidenceTaskRecord[]> {
    await checkIncidentVisible(this.db, principal, incidentId);
    const rows = await this.db.select().from(evidenceTask).where(eq(evidenceTask.incidentId, incidentId)).orderBy(desc(evidenceTask.id));
    return rows.map((row) => ({
      ...toTask(row),
      taskId: row.id,
      kind: row.kind,
      reason: row.reason,
      createdBy: row.createdByName,
      createTime: row.createdAt.getTime(),
      updateTime: row.updatedAt.getTime(),
    }));
  }

  /** A device said hello: its waiting tasks go now, oldest first. */
  async hello(deviceUuid: string): Promise<void> {
    try {
      await this.sendWaiting(deviceUuid);
    } catch (err) {
      this.log.error({ err, deviceUuid }, 'waiting evidence requests not sent');
    }
  }

  private async sendWaiting(deviceUuid: string): Promise<void> {
    const waiting = await this.db
      .select({ id: evidenceTask.id })
      .from(evidenceTask)
      .where(and(eq(evidenceTask.deviceUuid, deviceUuid), eq(evidenceTask.state, 'waiting')))
      .orderBy(asc(evidenceTask.id));
    for (const { id } of waiting) await this.dispatch(id, true);
  }

  /** Sends the new tasks, then answers the tasks as they are now (sent, or still waiting for an offline device). */
  private async dispatchAll<T extends EvidenceTask | EvidenceTask[]>(taskIds: number[], result: T): Promise<T> {
    for (const id of taskIds) await this.dispatch(id, false);
    const tasks: EvidenceTask[] = Array.isArray(result) ? result : [result];
    const ids = tasks.flatMap((t) => (t.taskId === null ? [] : [t.taskId]));
    if (ids.length === 0) return result;
    const states = new Map(
      (
        await this.db.select({ id: evidenceTask.id, state: evidenceTask.state }).from(evidenceTask).where(inArray(evidenceTask.id, ids))
      ).map((row) => [row.id, row.state]),
    );
    for (const t of tasks) if (t.taskId !== null) t.state = states.get(t.taskId) ?? t.state;
    return result;
  }

  /**
   * Sends a waiting task to its device (only if it is online, unless it just said hello). The task is `sent` before the
   * command goes, so its uploads find it; a refusal fails it, no answer puts it back to wait for the next hello.
   */
  private async dispatch(taskId: number, helloed: boolean): Promise<void> {
    const message = await this.db.transaction(async (tx) => {
      const [found] = await tx
        .select({ task: evidenceTask, messageId: incident.messageId, online: device.online })
        .from(evidenceTask)
        .innerJoin(incident, eq(incident.id, evidenceTask.incidentId))
        .leftJoin(device, eq(device.deviceUuid, evidenceTask.deviceUuid))
        .where(and(eq(evidenceTask.id, taskId), eq(evidenceTask.state, 'waiting')))
        .for('update', { of: evidenceTask });
      if (!found || (!helloed && !found.online) || !this.devices.reaches(found.task.deviceUuid)) return null;
      const resources = await tx.select().from(incidentResource).where(inArray(incidentResource.id, found.task.resourceIds));
      await tx.update(evidenceTask).set({ state: 'sent', updatedAt: new Date() }).where(eq(evidenceTask.id, taskId));
      const clip = found.task.kind === 'clip' ? resources[0] : undefined;
      const span = clip?.startAt && clip.endAt ? { start: clip.startAt.getTime(), end: clip.endAt.getTime() } : undefined;
      return {
        uuid: found.task.deviceUuid,
        payload: {
          taskId,
          incidentMessageId: found.messageId,
          resourceIds: resources.map((r) => r.deviceResourceId),
          ...(clip && span ? { clip: { resourceId: clip.deviceResourceId, channel: clip.channel, ...span } } : {}),
        },
      };
    });
    if (!message) return;
    // The ack may take as long as the command time-out: the caller does not wait for it.
    this.devices.send(message.uuid, 'evidenceRequest', message.payload).then(
      () => undefined,
      async (err: unknown) => {
        const ack = (err as { ack?: { ok: boolean; error?: string | null } }).ack;
        const reason = ack ? (ack.error ?? 'refused by the device').slice(0, 200) : null;
        await this.db
          .update(evidenceTask)
          .set(reason ? { state: 'failed', reason, updatedAt: new Date() } : { state: 'waiting', updatedAt: new Date() })
          .where(and(eq(evidenceTask.id, taskId), eq(evidenceTask.state, 'sent')))
          .catch((error: unknown) => this.log.error({ err: error, taskId }, 'evidence task not updated'));
        this.log.info({ err, taskId }, reason ? 'evidence request refused' : 'evidence request not acknowledged: waits for hello');
      },
    );
  }

  /**
   * A resource moved (gateway or evidence store, after the commit): its open tasks settle (done when all of their
   * resources reached 4, failed at -1) and the consoles watching the incident are told.
   */
  async moved(update: Moved): Promise<void> {
    // The move is committed already: a failure here must not fail the device's message or the upload.
    await this.follow(update).catch((err: unknown) => this.log.error({ err, update }, 'upload move not followed'));
  }

  private async follow(update: Moved): Promise<void> {
    const { incidentId, resourceRowId, state } = update;
    const tasks = await this.db.transaction(async (tx) => {
      const found = await tx
        .select()
        .from(evidenceTask)
        .where(
          and(
            eq(evidenceTask.incidentId, incidentId),
            inArray(evidenceTask.state, ['waiting', 'sent', 'failed', 'done']),
            sql`${resourceRowId} = any(${evidenceTask.resourceIds})`,
          ),
        )
        .orderBy(desc(evidenceTask.id))
        .for('update');
      for (const t of found) {
        if (t.state === 'done') continue;
        if (state === UploadState.failed && t.state !== 'failed') {
          const [resource] = await tx
            .select({ reason: incidentResource.failReason })
            .from(incidentResource)
            .where(eq(incidentResource.id, resourceRowId));
          await tx
            .update(evidenceTask)
            .set({ state: 'failed', reason: resource?.reason ?? 'upload failed', updatedAt: new Date() })
            .where(eq(evidenceTask.id, t.id));
        } else if (state >= UPLOAD_RECEIVED) {
          const states = await tx
            .select({ state: incidentResource.state })
            .from(incidentResource)
            .where(inArray(incidentResource.id, t.resourceIds));
          // A failed task whose resource the device then uploaded on a retry is done too.
          if (states.every((s) => s.state >= UPLOAD_RECEIVED)) {
            await tx.update(evidenceTask).set({ state: 'done', reason: null, updatedAt: new Date() }).where(eq(evidenceTask.id, t.id));
          }
        }
      }
      return found;
    });
    const [chain] = await this.db.select(chainColumns(incident)).from(incident).where(eq(incident.id, incidentId));
    if (!chain) return;
    // The newest task that asked for it (done ones too, so the device's 5 and 6 still name it).
    const taskId = tasks[0]?.id;
    this.bus.publish('upload', { incidentId, resourceId: resourceRowId, state, ...(taskId ? { taskId } : {}), ...chain });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** On-demand evidence requests: the gateway of this node hands it its commands, hellos and upload moves. */
    evidenceRequests: EvidenceRequestService;
  }
}
