import {
  type BatchDispatchBody,
  CONFIG_EXPIRY_MAX_MS,
  type ConfigDispatchQuery,
  type ConfigHistoryQuery,
  type ConfigInfoQuery,
  type ConfigProp,
  type ConfigSettings,
  type ConfigVersion,
  type DeviceConfigState,
  type DeviceReportedConfig,
  type DeviceTask,
  type Page,
  type ReportedConfig,
  type TaskRowState,
} from '@safety-shield/contract';
import { type ConfigReportUp, compiled } from '@safety-shield/contract/device';
import { and, desc, eq, inArray, lt, max, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { rowsPage } from '../../db/paging.js';
import { device, deviceConfig, deviceConfigReport, type deviceTask, deviceTaskRow } from '../../db/schema.js';
import type { DeviceCommands } from '../../device-port/index.js';
import { AppError } from '../../http/errors.js';
import type { Principal } from '../../http/principal.js';
import { inScope, outOfScope } from '../../http/scope.js';
import type { DeviceTaskService } from '../device-tasks/index.js';
import { batchTargets, deliverInTurns, settleRows } from '../device-tasks/index.js';
import { deviceFilter, lockDevice } from '../devices/index.js';
import type { Sealer } from '../system/index.js';
import { fileConfigReport, storeReport } from './file-report.js';
import type { DisplayPictures } from './pictures.js';
import { changedProps, merged, named, picked, withoutPassword } from './settings.js';
import type { ThresholdService } from './thresholds.js';

type Row = typeof deviceConfig.$inferSelect;
type ReportRow = typeof deviceConfigReport.$inferSelect;

/** How long a dispatch call waits for the device's ack before it answers with the version still on its way. */
export const DISPATCH_WAIT_MS = 5_000;
/** How long `synch` waits for the device's answer. */
export const SYNCH_TIMEOUT_MS = 10_000;
const MAX_REASON = 500;
const EXPIRED = 'not applied before its expiry time';
/** Rows are written this many at a time (PostgreSQL takes at most 65,535 parameters a statement). */
const INSERT_CHUNK = 500;
const OPEN: Row['status'][] = ['draft', 'saved'];

const time = (at: Date | null) => (at ? at.getTime() : null);

export const toVersion = (row: Row): ConfigVersion => ({
  id: row.id,
  deviceId: row.deviceId,
  version: row.version,
  status: row.status,
  settings: row.settings,
  changed: row.changed,
  reason: row.reason,
  apnPasswordSet: row.apnPassword !== null,
  createdBy: row.createdByName,
  createTime: row.createdAt.getTime(),
  dispatchTime: time(row.dispatchedAt),
  sentTime: time(row.sentAt),
  expireTime: time(row.expiresAt),
  appliedTime: time(row.appliedAt),
});

const toReported = (row: ReportRow): ReportedConfig => ({
  version: row.version,
  settings: row.settings,
  reportTime: row.reportedAt.getTime(),
});

/** An expiry lies ahead, at most CONFIG_EXPIRY_MAX_MS. */
function checkExpiry(expireTime: number | undefined) {
  const now = Date.now();
  if (expireTime !== undefined && (expireTime <= now || expireTime > now + CONFIG_EXPIRY_MAX_MS))
    throw new AppError('PARAM_CHECK_FAIL', 'expireTime', { field: 'expireTime' });
}

const chunks = <T>(items: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** An empty update changes nothing: PARAM_CHECK_FAIL. */
function refuseEmpty(change: ConfigSettings) {
  if (Object.keys(named(change)).length === 0) throw new AppError('PARAM_CHECK_FAIL', 'settings', { field: 'settings' });
}

/**
 * Devices' configurations (docs/device-protocol.md, `config`; statuses in docs/decisions.md): versions per device,
 * edited as a draft, dispatched over the device protocol, applied or refused by the device, with history and revert.
 */
export class DeviceConfigService {
  constructor(
    private readonly db: Db,
    private readonly devices: DeviceCommands,
    private readonly sealer: Sealer,
    private readonly log: FastifyBaseLogger,
    private readonly tasks: DeviceTaskService,
    private readonly thresholds: ThresholdService,
    readonly pictures: DisplayPictures,
  ) {
    tasks.handle('config', {
      cancel: (principal, task, rowIds) => this.cancelRows(principal, task.id, rowIds),
      retry: (principal, task) => this.retryRows(principal, task),
      refresh: (task) => this.expireTask(task.id),
    });
  }

  /** Moves the task rows of these versions and lets their tasks' progress go out. */
  private async settle(db: Db, configIds: number[], state: TaskRowState, reason: string | null = null) {
    this.tasks.progress.changed(await settleRows(db, configIds, state, reason));
  }

  /** `configReport` (the device intake): what the device runs, as the portal learns it now. */
  async reported(uuid: string, report: ConfigReportUp): Promise<void> {
    const outcome = await fileConfigReport(this.db, uuid, { ...report, at: Date.now() });
    if (!outcome.stored) this.log.info({ device: uuid }, 'configuration report of an unknown device dropped');
  }

  /** A change as a version keeps it: its threshold class's values filled in, its display picture uploaded. */
  private async resolve(db: Db, asked: ConfigSettings): Promise<ConfigSettings> {
    await this.pictures.check(asked);
    return this.thresholds.resolve(db, asked);
  }

  /** A device of the caller's scope (PERMISSION_CHECK_FAIL / DEVICE_NOT_EXIST otherwise). */
  private async deviceOf(principal: Principal, deviceId: number) {
    const [row] = await this.db
      .select({ id: device.id, uuid: device.deviceUuid, online: device.online })
      .from(device)
      .where(and(inScope(principal, device), eq(device.id, deviceId)));
    if (!row) throw outOfScope(principal, 'DEVICE_NOT_EXIST');
    return row;
  }

  /** A version of a device of the caller's scope. */
  private async versionRow(db: Db, principal: Principal, id: number): Promise<Row> {
    const [row] = await db
      .select({ config: deviceConfig })
      .from(deviceConfig)
      .innerJoin(device, eq(device.id, deviceConfig.deviceId))
      .where(and(inScope(principal, device), eq(deviceConfig.id, id)));
    if (!row) throw outOfScope(principal, 'DEVICE_NOT_EXIST');
    return row.config;
  }

  /** Dispatched versions past their expiry time are expired (read before answering, and before sending). */
  private async expireDue(db: Db, deviceId: number) {
    await this.expireWhere(db, eq(deviceConfig.deviceId, deviceId));
  }

  private async expireWhere(db: Db, which: SQL) {
    await this.closeDispatched(db, and(which, lt(deviceConfig.expiresAt, new Date())), 'expired', EXPIRED);
  }

  /** Dispatched versions `which` selects end with this status and reason, and so do their task rows. */
  private async closeDispatched(db: Db, which: SQL | undefined, status: 'expired' | 'cancelled', reason: string) {
    const closed = await db
      .update(deviceConfig)
      .set({ status, reason })
      .where(and(which, eq(deviceConfig.status, 'dispatched')))
      .returning({ id: deviceConfig.id });
    await this.settle(
      db,
      closed.map((row) => row.id),
      status,
      reason,
    );
  }

  /** A task's versions whose expiry passed. */
  private async expireTask(taskId: number) {
    await this.expireWhere(
      this.db,
      inArray(deviceConfig.id, this.db.select({ id: deviceTaskRow.configId }).from(deviceTaskRow).where(eq(deviceTaskRow.taskId, taskId))),
    );
  }

  /** The newest version of each status group the state shows. */
  private async newest(db: Db, deviceId: number, statuses: Row['status'][]): Promise<Row | null> {
    const [row] = await db
      .select()
      .from(deviceConfig)
      .where(and(eq(deviceConfig.deviceId, deviceId), inArray(deviceConfig.status, statuses)))
      .orderBy(desc(deviceConfig.version))
      .limit(1);
    return row ?? null;
  }

  private async report(db: Db, deviceId: number): Promise<ReportRow | null> {
    const [row] = await db.select().from(deviceConfigReport).where(eq(deviceConfigReport.deviceId, deviceId));
    return row ?? null;
  }

  async state(principal: Principal, { deviceId, deviceConfigLogsId, props }: ConfigInfoQuery): Promise<DeviceConfigState> {
    const found = await this.deviceOf(principal, deviceId);
    await this.expireDue(this.db, deviceId);
    const chosen = deviceConfigLogsId === undefined ? null : await this.versionRow(this.db, principal, deviceConfigLogsId);
    if (chosen && chosen.deviceId !== deviceId)
      throw new AppError('PARAM_CHECK_FAIL', 'deviceConfigLogsId', { field: 'deviceConfigLogsId' });
    const [current, pending, draft, reported] = await Promise.all([
      chosen ?? this.newest(this.db, deviceId, ['applied']),
      this.newest(this.db, deviceId, ['dispatched']),
      this.newest(this.db, deviceId, OPEN),
      this.report(this.db, deviceId),
    ]);
    const only = props ? (props.split(',') as ConfigProp[]) : undefined;
    const shown = (row: Row | null) => (row ? { ...toVersion(row), settings: picked(row.settings, only) } : null);
    return {
      deviceId,
      deviceUuid: found.uuid,
      online: found.online,
      current: shown(current),
      pending: shown(pending),
      draft: shown(draft),
      reported: reported ? { ...toReported(reported), settings: picked(reported.settings, only) } : null,
    };
  }

  /**
   * What the device runs as the portal knows it, APN password included: the version it applied, else what it
   * reports, else nothing. A new version starts from it and counts its changes against it.
   */
  private async referenceOf(db: Db, deviceId: number): Promise<ConfigSettings> {
    const applied = await this.newest(db, deviceId, ['applied']);
    if (applied) return this.full(applied);
    return (await this.report(db, deviceId))?.settings ?? {};
  }

  /** A version's whole document, the APN password opened. */
  private full(row: Pick<Row, 'settings' | 'apnPassword'>): ConfigSettings {
    if (!row.apnPassword || !row.settings.apn) return row.settings;
    return { ...row.settings, apn: { ...row.settings.apn, password: this.sealer.open(row.apnPassword) } };
  }

  /** Seals the password apart and records what changed against the reference. */
  private columnsOf(settings: ConfigSettings, reference: ConfigSettings) {
    const { settings: kept, password } = withoutPassword(settings);
    return { settings: kept, apnPassword: password ? this.sealer.seal(password) : null, changed: changedProps(reference, settings) };
  }

  /**
   * A change applied to a starting document. The APN password is write-only: an `apn` without `password` keeps the
   * one before, an empty password removes it.
   */
  private applyChange(start: ConfigSettings, change: ConfigSettings, partial: boolean): ConfigSettings {
    const next = merged(start, change, partial);
    if (next.apn && change.apn && change.apn.password === undefined && start.apn?.password !== undefined)
      next.apn = { ...next.apn, password: start.apn.password };
    if (next.apn?.password === '') {
      const { password: _none, ...apn } = next.apn;
      next.apn = apn;
    }
    return next;
  }

  /** `save`: the device's draft takes the change (a new version when it has none); it becomes `saved`. */
  async save(principal: Principal, deviceId: number, asked: ConfigSettings, partial = true): Promise<ConfigVersion> {
    refuseEmpty(asked);
    return this.db.transaction(async (tx) => {
      await lockDevice(tx, principal, deviceId);
      const change = await this.resolve(tx, asked);
      const reference = await this.referenceOf(tx, deviceId);
      const open = await this.newest(tx, deviceId, OPEN);
      if (open) return this.edit(tx, open, reference, change, partial);
      const settings = this.applyChange(reference, change, partial);
      const [top] = await tx
        .select({ n: max(deviceConfig.version) })
        .from(deviceConfig)
        .where(eq(deviceConfig.deviceId, deviceId));
      const [row] = await tx
        .insert(deviceConfig)
        .values({
          deviceId,
          version: (top?.n ?? 0) + 1,
          status: 'saved',
          ...this.columnsOf(settings, reference),
          createdById: principal.accountId,
          createdByName: principal.username,
        })
        .returning();
      return toVersion(row as Row);
    });
  }

  private async edit(tx: Db, open: Row, reference: ConfigSettings, change: ConfigSettings, partial: boolean): Promise<ConfigVersion> {
    const settings = this.applyChange(this.full(open), change, partial);
    const [row] = await tx
      .update(deviceConfig)
      .set({ status: 'saved', ...this.columnsOf(settings, reference) })
      .where(eq(deviceConfig.id, open.id))
      .returning();
    return toVersion(row as Row);
  }

  /** `update`: edits a draft or saved version by its id. */
  async update(principal: Principal, versionId: number, asked: ConfigSettings, partial = true): Promise<ConfigVersion> {
    refuseEmpty(asked);
    const change = await this.resolve(this.db, asked);
    const { deviceId } = await this.versionRow(this.db, principal, versionId);
    return this.db.transaction(async (tx) => {
      await lockDevice(tx, principal, deviceId);
      const [open] = await tx.select().from(deviceConfig).where(eq(deviceConfig.id, versionId));
      if (!open || !OPEN.includes(open.status)) throw new AppError('DEVICE_STATE_ERROR');
      const reference = await this.referenceOf(tx, deviceId);
      return this.edit(tx, open, reference, change, partial);
    });
  }

  /** `history/revert`: an old version's document becomes the device's draft (replacing a draft it had). */
  async revert(principal: Principal, versionId: number): Promise<ConfigVersion> {
    const old = await this.versionRow(this.db, principal, versionId);
    return this.db.transaction(async (tx) => {
      await lockDevice(tx, principal, old.deviceId);
      const reference = await this.referenceOf(tx, old.deviceId);
      const open = await this.newest(tx, old.deviceId, OPEN);
      const columns = {
        ...this.columnsOf(this.full(old), reference),
        status: 'draft' as const,
        reason: `revert of version ${old.version}`,
      };
      if (open) {
        const [row] = await tx.update(deviceConfig).set(columns).where(eq(deviceConfig.id, open.id)).returning();
        return toVersion(row as Row);
      }
      const [top] = await tx
        .select({ n: max(deviceConfig.version) })
        .from(deviceConfig)
        .where(eq(deviceConfig.deviceId, old.deviceId));
      const [row] = await tx
        .insert(deviceConfig)
        .values({
          deviceId: old.deviceId,
          version: (top?.n ?? 0) + 1,
          ...columns,
          createdById: principal.accountId,
          createdByName: principal.username,
        })
        .returning();
      return toVersion(row as Row);
    });
  }

  /**
   * `dispatch`: a draft or saved version goes to the device; an earlier version still on its way is cancelled as
   * superseded. An online device gets it at once (the call waits up to DISPATCH_WAIT_MS for its ack), an offline one
   * at its next hello.
   */
  async dispatch(principal: Principal, { deviceId, deviceConfigLogsId, expireTime }: ConfigDispatchQuery): Promise<ConfigVersion> {
    checkExpiry(expireTime);
    const now = Date.now();
    const { row, device: target } = await this.db.transaction(async (tx) => {
      const found = await lockDevice(tx, principal, deviceId);
      const [chosen] =
        deviceConfigLogsId === undefined
          ? [await this.newest(tx, deviceId, OPEN)]
          : await tx
              .select()
              .from(deviceConfig)
              .where(and(eq(deviceConfig.id, deviceConfigLogsId), eq(deviceConfig.deviceId, deviceId)));
      if (!chosen || !OPEN.includes(chosen.status)) throw new AppError('DEVICE_STATE_ERROR');
      await this.supersede(tx, [deviceId], `superseded by version ${chosen.version}`);
      const [updated] = await tx
        .update(deviceConfig)
        .set({ status: 'dispatched', dispatchedAt: new Date(now), expiresAt: expireTime ? new Date(expireTime) : null, reason: null })
        .where(eq(deviceConfig.id, chosen.id))
        .returning();
      return { row: updated as Row, device: found };
    });
    if (!target.online) return toVersion(row);
    const delivered = this.deliver(row.id, target.deviceUuid);
    const waited = await Promise.race([delivered, new Promise<null>((resolve) => setTimeout(resolve, DISPATCH_WAIT_MS, null).unref())]);
    return toVersion(waited ?? row);
  }

  /**
   * Sends a dispatched version to its device and records the answer: applied (and what the device runs), refused with
   * its reason, or, without an answer, still dispatched until the next hello. Resolves with the row as it ends.
   */
  private async deliver(versionId: number, uuid: string): Promise<Row | null> {
    if (!this.devices.reaches(uuid)) return null;
    const message = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(deviceConfig)
        .where(and(eq(deviceConfig.id, versionId), eq(deviceConfig.status, 'dispatched')))
        .for('update');
      if (!row) return null;
      if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) {
        await this.expireDue(tx, row.deviceId);
        return null;
      }
      await tx.update(deviceConfig).set({ sentAt: new Date() }).where(eq(deviceConfig.id, versionId));
      await this.settle(tx, [versionId], 'sent');
      return row;
    });
    if (!message) return null;
    const settings = this.full(message);
    const payload = {
      version: message.version,
      settings,
      partial: true,
      ...(message.expiresAt ? { expiresAt: message.expiresAt.getTime() } : {}),
      ...(settings.displayPicture ? { pictureUrl: this.pictures.deviceLink(settings) } : {}),
    };
    try {
      const ack = await this.devices.send(uuid, 'config', payload);
      const applied = ack.result?.version === undefined || ack.result.version === message.version;
      const reason = applied ? null : `the device runs version ${String(ack.result?.version)}`;
      return await this.db.transaction(async (tx) => {
        if (applied) await storeReport(tx, message.deviceId, { version: message.version, settings, at: Date.now() });
        const [row] = await tx
          .update(deviceConfig)
          .set(applied ? { status: 'applied', appliedAt: new Date() } : { status: 'refused', reason })
          .where(and(eq(deviceConfig.id, versionId), eq(deviceConfig.status, 'dispatched')))
          .returning();
        if (row) await this.settle(tx, [versionId], applied ? 'done' : 'failed', reason);
        return row ?? null;
      });
    } catch (err) {
      const ack = (err as { ack?: { error?: string | null } }).ack;
      if (!ack) {
        this.log.info({ err, versionId }, 'configuration not acknowledged: sent again at the next hello');
        return null;
      }
      const reason = (ack.error ?? 'refused by the device').slice(0, MAX_REASON);
      return this.db.transaction(async (tx) => {
        const [row] = await tx
          .update(deviceConfig)
          .set({ status: 'refused', reason })
          .where(and(eq(deviceConfig.id, versionId), eq(deviceConfig.status, 'dispatched')))
          .returning();
        if (row) await this.settle(tx, [versionId], 'failed', reason);
        return row ?? null;
      });
    }
  }

  /** Versions still on their way to these devices are cancelled (a newer one replaces them). */
  private async supersede(tx: Db, deviceIds: number[], reason: string) {
    await this.closeDispatched(tx, inArray(deviceConfig.deviceId, deviceIds), 'cancelled', reason);
  }

  /** What each device runs as the portal knows it (`referenceOf` for many devices at once). */
  private async referencesOf(tx: Db, deviceIds: number[]): Promise<Map<number, ConfigSettings>> {
    const out = new Map<number, ConfigSettings>();
    for (const ids of chunks(deviceIds, INSERT_CHUNK * 10)) {
      const applied = await tx
        .selectDistinctOn([deviceConfig.deviceId], {
          deviceId: deviceConfig.deviceId,
          settings: deviceConfig.settings,
          apnPassword: deviceConfig.apnPassword,
        })
        .from(deviceConfig)
        .where(and(inArray(deviceConfig.deviceId, ids), eq(deviceConfig.status, 'applied')))
        .orderBy(deviceConfig.deviceId, desc(deviceConfig.version));
      for (const row of applied) out.set(row.deviceId, this.full(row));
      const rest = ids.filter((id) => !out.has(id));
      if (rest.length === 0) continue;
      const reports = await tx.select().from(deviceConfigReport).where(inArray(deviceConfigReport.deviceId, rest));
      for (const report of reports) out.set(report.deviceId, report.settings);
    }
    return out;
  }

  /** Each device's highest version so far. */
  private async topVersions(tx: Db, deviceIds: number[]): Promise<Map<number, number>> {
    const out = new Map<number, number>();
    for (const ids of chunks(deviceIds, INSERT_CHUNK * 10)) {
      const rows = await tx
        .select({ deviceId: deviceConfig.deviceId, n: max(deviceConfig.version) })
        .from(deviceConfig)
        .where(inArray(deviceConfig.deviceId, ids))
        .groupBy(deviceConfig.deviceId);
      for (const row of rows) out.set(row.deviceId, row.n ?? 0);
    }
    return out;
  }

  /**
   * `batchDispatch`: one change to many devices (named, or the device list's filters over the caller's scope), as a
   * task with a row per device. Each device gets a version of its own (what it runs with the change on top); online
   * devices get it at once, the others at their next hello. All of it is written in one transaction.
   */
  async batchDispatch(principal: Principal, { deviceIds, filter, settings: asked, expireTime }: BatchDispatchBody): Promise<DeviceTask> {
    if ((deviceIds === undefined) === (filter === undefined)) throw new AppError('PARAM_CHECK_FAIL', 'deviceIds', { field: 'deviceIds' });
    refuseEmpty(asked);
    checkExpiry(expireTime);
    const change = await this.resolve(this.db, asked);
    const created = await this.db.transaction(async (tx) => {
      const targets = await batchTargets(tx, principal, deviceIds, (scope) => deviceFilter(scope, filter ?? {}));
      const ids = targets.map((target) => target.id);
      const [references, tops] = [await this.referencesOf(tx, ids), await this.topVersions(tx, ids)];
      const task = await this.tasks.create(tx, principal, {
        kind: 'config',
        rowCount: targets.length,
        settings: withoutPassword(change).settings,
        expiresAt: expireTime ? new Date(expireTime) : null,
      });
      await this.supersede(tx, ids, `superseded by task ${task.id}`);
      const dispatchedAt = new Date();
      const deliveries: Array<{ versionId: number; uuid: string }> = [];
      for (const part of chunks(targets, INSERT_CHUNK)) {
        const versions = await tx
          .insert(deviceConfig)
          .values(
            part.map((target) => {
              const reference = references.get(target.id) ?? {};
              return {
                deviceId: target.id,
                version: (tops.get(target.id) ?? 0) + 1,
                status: 'dispatched' as const,
                ...this.columnsOf(this.applyChange(reference, change, true), reference),
                createdById: principal.accountId,
                createdByName: principal.username,
                dispatchedAt,
                expiresAt: expireTime ? new Date(expireTime) : null,
              };
            }),
          )
          .returning({ id: deviceConfig.id, deviceId: deviceConfig.deviceId });
        const versionOf = new Map(versions.map((version) => [version.deviceId, version.id]));
        await tx.insert(deviceTaskRow).values(
          part.map((target) => ({
            taskId: task.id,
            deviceId: target.id,
            deviceUuid: target.uuid,
            state: 'queued' as const,
            configId: versionOf.get(target.id),
          })),
        );
        for (const target of part) {
          const versionId = versionOf.get(target.id);
          if (target.online && versionId) deliveries.push({ versionId, uuid: target.uuid });
        }
      }
      return { taskId: task.id, deliveries };
    });
    this.tasks.progress.changed([created.taskId]);
    void this.deliverAll(created.deliveries);
    return this.tasks.info(principal, created.taskId);
  }

  /** Sends versions to their (online) devices, DELIVERY_CONCURRENCY at a time; each records its own answer. */
  private deliverAll(deliveries: Array<{ versionId: number; uuid: string }>) {
    return deliverInTurns(deliveries, (item) => this.deliver(item.versionId, item.uuid), this.log, 'configuration not delivered');
  }

  /** A task's open rows (or these of them) are cancelled with their versions. */
  private async cancelRows(principal: Principal, taskId: number, rowIds: number[] | undefined) {
    await this.db.transaction(async (tx) => {
      const rows = await tx
        .select({ configId: deviceTaskRow.configId })
        .from(deviceTaskRow)
        .where(
          and(
            eq(deviceTaskRow.taskId, taskId),
            inArray(deviceTaskRow.state, ['queued', 'sent', 'running']),
            rowIds ? inArray(deviceTaskRow.id, rowIds) : undefined,
          ),
        );
      const configIds = rows.flatMap((row) => (row.configId === null ? [] : [row.configId]));
      const reason = `cancelled by ${principal.username}`;
      for (const ids of chunks(configIds, INSERT_CHUNK * 10)) {
        await tx
          .update(deviceConfig)
          .set({ status: 'cancelled', reason })
          .where(and(inArray(deviceConfig.id, ids), eq(deviceConfig.status, 'dispatched')));
        await this.settle(tx, ids, 'cancelled', reason);
      }
    });
  }

  /** A task's failed and expired rows get a new version each (a copy of the one that failed) and go again. */
  private async retryRows(principal: Principal, task: typeof deviceTask.$inferSelect) {
    const expiresAt = task.expiresAt && task.expiresAt.getTime() > Date.now() ? task.expiresAt : null;
    const deliveries = await this.db.transaction(async (tx) => {
      const failed = await tx
        .select({ row: deviceTaskRow, config: deviceConfig, online: device.online })
        .from(deviceTaskRow)
        .innerJoin(deviceConfig, eq(deviceConfig.id, deviceTaskRow.configId))
        .innerJoin(device, eq(device.id, deviceTaskRow.deviceId))
        .where(and(eq(deviceTaskRow.taskId, task.id), inArray(deviceTaskRow.state, ['failed', 'expired'])));
      if (failed.length === 0) return [];
      const ids = failed.map(({ row }) => row.deviceId);
      const tops = await this.topVersions(tx, ids);
      await this.supersede(tx, ids, `superseded by a retry of task ${task.id}`);
      const out: Array<{ versionId: number; uuid: string }> = [];
      for (const part of chunks(failed, INSERT_CHUNK)) {
        const versions = await tx
          .insert(deviceConfig)
          .values(
            part.map(({ config }) => ({
              deviceId: config.deviceId,
              version: (tops.get(config.deviceId) ?? 0) + 1,
              status: 'dispatched' as const,
              settings: config.settings,
              apnPassword: config.apnPassword,
              changed: config.changed,
              createdById: principal.accountId,
              createdByName: principal.username,
              dispatchedAt: new Date(),
              expiresAt,
            })),
          )
          .returning({ id: deviceConfig.id, deviceId: deviceConfig.deviceId });
        const versionOf = new Map(versions.map((version) => [version.deviceId, version.id]));
        for (const { row, online } of part) {
          const versionId = versionOf.get(row.deviceId) ?? null;
          await tx
            .update(deviceTaskRow)
            .set({ state: 'queued', reason: null, configId: versionId, updatedAt: new Date() })
            .where(eq(deviceTaskRow.id, row.id));
          if (online && versionId) out.push({ versionId, uuid: row.deviceUuid });
        }
      }
      return out;
    });
    void this.deliverAll(deliveries);
  }

  /** A device said hello: the newest version on its way goes again. */
  async hello(uuid: string): Promise<void> {
    try {
      const [row] = await this.db
        .select({ id: deviceConfig.id, deviceId: deviceConfig.deviceId })
        .from(deviceConfig)
        .innerJoin(device, eq(device.id, deviceConfig.deviceId))
        .where(and(eq(device.deviceUuid, uuid), eq(deviceConfig.status, 'dispatched')))
        .orderBy(desc(deviceConfig.version))
        .limit(1);
      if (row) await this.deliver(row.id, uuid);
    } catch (err) {
      this.log.error({ err, uuid }, 'waiting configuration not sent');
    }
  }

  /** `cancel`: the version on its way is cancelled (a device that already applied it keeps running it). */
  async cancel(principal: Principal, deviceId: number): Promise<ConfigVersion | null> {
    return this.db.transaction(async (tx) => {
      await lockDevice(tx, principal, deviceId);
      const reason = `cancelled by ${principal.username}`;
      const [row] = await tx
        .update(deviceConfig)
        .set({ status: 'cancelled', reason })
        .where(and(eq(deviceConfig.deviceId, deviceId), eq(deviceConfig.status, 'dispatched')))
        .returning();
      if (row) await this.settle(tx, [row.id], 'cancelled', reason);
      return row ? toVersion(row) : null;
    });
  }

  /** `synch`: asks the online device what it runs (`configGet`) and keeps its answer. */
  async synch(principal: Principal, deviceId: number): Promise<ReportedConfig> {
    const found = await this.deviceOf(principal, deviceId);
    if (!found.online || !this.devices.reaches(found.uuid)) throw new AppError('DEVICE_STATE_ERROR');
    let result: unknown;
    try {
      result = (await this.devices.send(found.uuid, 'configGet', {}, SYNCH_TIMEOUT_MS)).result;
    } catch (err) {
      this.log.info({ err, deviceId }, 'configGet failed');
      throw new AppError('ACTION_FAIL_RETRY');
    }
    if (!compiled.up.configReport.Check(result)) throw new AppError('ACTION_FAIL_RETRY');
    const at = Date.now();
    await storeReport(this.db, deviceId, { version: result.version, settings: result.settings, at });
    return { version: result.version, settings: withoutPassword(result.settings).settings, reportTime: at };
  }

  async history(principal: Principal, query: ConfigHistoryQuery): Promise<Page<ConfigVersion>> {
    const deviceId =
      query.deviceId ??
      (query.deviceConfigLogsId === undefined ? undefined : (await this.versionRow(this.db, principal, query.deviceConfigLogsId)).deviceId);
    if (deviceId === undefined) throw new AppError('PARAM_CHECK_FAIL', 'deviceId', { field: 'deviceId' });
    await this.deviceOf(principal, deviceId);
    await this.expireDue(this.db, deviceId);
    const where = eq(deviceConfig.deviceId, deviceId);
    return rowsPage(this.db, deviceConfig, where, [desc(deviceConfig.version)], query, toVersion);
  }

  async version(principal: Principal, id: number): Promise<ConfigVersion> {
    return toVersion(await this.versionRow(this.db, principal, id));
  }

  /** The document to download: the version asked for, else the applied one, else what the device reports. */
  async document(principal: Principal, deviceId: number, versionId: number | undefined) {
    const found = await this.deviceOf(principal, deviceId);
    const row =
      versionId === undefined ? await this.newest(this.db, deviceId, ['applied']) : await this.versionRow(this.db, principal, versionId);
    if (row && row.deviceId !== deviceId) throw new AppError('PARAM_CHECK_FAIL', 'deviceConfigLogsId', { field: 'deviceConfigLogsId' });
    if (row) return { uuid: found.uuid, version: row.version, settings: row.settings };
    const reported = await this.report(this.db, deviceId);
    if (!reported) throw new AppError('DEVICE_STATE_ERROR');
    return { uuid: found.uuid, version: reported.version, settings: reported.settings };
  }

  async alarmAreas(principal: Principal, deviceId: number, versionId: number | undefined) {
    const found = await this.document(principal, deviceId, versionId).catch((err: unknown) => {
      if (err instanceof AppError && err.codeKey === 'DEVICE_STATE_ERROR') return null;
      throw err;
    });
    return found?.settings.alarmAreas ?? [];
  }

  /** What devices of the caller's scope last reported (null: nothing yet); ids out of scope: PERMISSION_CHECK_FAIL. */
  async received(principal: Principal, deviceIds: number[]): Promise<DeviceReportedConfig[]> {
    const found = await this.db
      .select({ id: device.id, report: deviceConfigReport })
      .from(device)
      .leftJoin(deviceConfigReport, eq(deviceConfigReport.deviceId, device.id))
      .where(and(inScope(principal, device), inArray(device.id, deviceIds)));
    if (found.length !== deviceIds.length) throw outOfScope(principal, 'DEVICE_NOT_EXIST');
    const byId = new Map(found.map((row) => [row.id, row.report]));
    return deviceIds.map((deviceId) => {
      const report = byId.get(deviceId);
      return { deviceId, reported: report ? toReported(report) : null };
    });
  }
}
