import {
  CONFIG_EXPIRY_MAX_MS,
  type ConfigDispatchQuery,
  type ConfigHistoryQuery,
  type ConfigInfoQuery,
  type ConfigProp,
  type ConfigSettings,
  type ConfigVersion,
  type DeviceConfigState,
  type DeviceReportedConfig,
  type Page,
  type ReportedConfig,
} from '@safety-shield/contract';
import { compiled } from '@safety-shield/contract/device';
import { and, count, desc, eq, inArray, lt, max } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { pageOf } from '../../db/paging.js';
import { device, deviceConfig, deviceConfigReport } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import type { Principal } from '../../http/principal.js';
import { inScope, outOfScope } from '../../http/scope.js';
import { lockDevice } from '../devices/repo.js';
import type { SendCommand } from '../live/service.js';
import type { Sealer } from '../system/sealing.js';
import { storeReport } from './file-report.js';
import { changedProps, merged, named, picked, withoutPassword } from './settings.js';

type Row = typeof deviceConfig.$inferSelect;
type ReportRow = typeof deviceConfigReport.$inferSelect;

/** How long a dispatch call waits for the device's ack before it answers with the version still on its way. */
export const DISPATCH_WAIT_MS = 5_000;
/** How long `synch` waits for the device's answer. */
export const SYNCH_TIMEOUT_MS = 10_000;
const MAX_REASON = 500;
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

/** An empty update changes nothing: PARAM_CHECK_FAIL. */
function refuseEmpty(change: ConfigSettings) {
  if (Object.keys(named(change)).length === 0) throw new AppError('PARAM_CHECK_FAIL', 'settings', { field: 'settings' });
}

/**
 * Devices' configurations (docs/device-protocol.md, `config`; statuses in docs/decisions.md): versions per device,
 * edited as a draft, dispatched over the device protocol, applied or refused by the device, with history and revert.
 */
export class DeviceConfigService {
  private send: SendCommand | undefined;

  constructor(
    private readonly db: Db,
    private readonly sealer: Sealer,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The device gateway (main.ts); until then dispatched versions wait. */
  useDevices(send: SendCommand) {
    this.send = send;
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
    await db
      .update(deviceConfig)
      .set({ status: 'expired', reason: 'not applied before its expiry time' })
      .where(and(eq(deviceConfig.deviceId, deviceId), eq(deviceConfig.status, 'dispatched'), lt(deviceConfig.expiresAt, new Date())));
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
  async save(principal: Principal, deviceId: number, change: ConfigSettings, partial = true): Promise<ConfigVersion> {
    refuseEmpty(change);
    return this.db.transaction(async (tx) => {
      await lockDevice(tx, principal, deviceId);
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
  async update(principal: Principal, versionId: number, change: ConfigSettings, partial = true): Promise<ConfigVersion> {
    refuseEmpty(change);
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
    const now = Date.now();
    if (expireTime !== undefined && (expireTime <= now || expireTime > now + CONFIG_EXPIRY_MAX_MS))
      throw new AppError('PARAM_CHECK_FAIL', 'expireTime', { field: 'expireTime' });
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
      await tx
        .update(deviceConfig)
        .set({ status: 'cancelled', reason: `superseded by version ${chosen.version}` })
        .where(and(eq(deviceConfig.deviceId, deviceId), eq(deviceConfig.status, 'dispatched')));
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
    const send = this.send;
    if (!send) return null;
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
      return row;
    });
    if (!message) return null;
    const settings = this.full(message);
    const payload = {
      version: message.version,
      settings,
      partial: true,
      ...(message.expiresAt ? { expiresAt: message.expiresAt.getTime() } : {}),
    };
    try {
      const ack = (await send(uuid, 'config', payload)) as { result?: { version?: unknown } };
      const applied = ack.result?.version === undefined || ack.result.version === message.version;
      return await this.db.transaction(async (tx) => {
        await storeReport(tx, message.deviceId, { version: message.version, settings, at: Date.now() });
        const [row] = await tx
          .update(deviceConfig)
          .set(
            applied
              ? { status: 'applied', appliedAt: new Date() }
              : { status: 'refused', reason: `the device runs version ${String(ack.result?.version)}` },
          )
          .where(and(eq(deviceConfig.id, versionId), eq(deviceConfig.status, 'dispatched')))
          .returning();
        return row ?? null;
      });
    } catch (err) {
      const ack = (err as { ack?: { error?: string | null } }).ack;
      if (!ack) {
        this.log.info({ err, versionId }, 'configuration not acknowledged: sent again at the next hello');
        return null;
      }
      const [row] = await this.db
        .update(deviceConfig)
        .set({ status: 'refused', reason: (ack.error ?? 'refused by the device').slice(0, MAX_REASON) })
        .where(and(eq(deviceConfig.id, versionId), eq(deviceConfig.status, 'dispatched')))
        .returning();
      return row ?? null;
    }
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
      const [row] = await tx
        .update(deviceConfig)
        .set({ status: 'cancelled', reason: `cancelled by ${principal.username}` })
        .where(and(eq(deviceConfig.deviceId, deviceId), eq(deviceConfig.status, 'dispatched')))
        .returning();
      return row ? toVersion(row) : null;
    });
  }

  /** `synch`: asks the online device what it runs (`configGet`) and keeps its answer. */
  async synch(principal: Principal, deviceId: number): Promise<ReportedConfig> {
    const found = await this.deviceOf(principal, deviceId);
    if (!found.online || !this.send) throw new AppError('DEVICE_STATE_ERROR');
    let result: unknown;
    try {
      result = ((await this.send(found.uuid, 'configGet', {}, SYNCH_TIMEOUT_MS)) as { result?: unknown }).result;
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
    const list = this.db.select().from(deviceConfig).where(where).orderBy(desc(deviceConfig.version)).$dynamic();
    return pageOf(query, list, this.db.select({ n: count() }).from(deviceConfig).where(where), toVersion);
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
