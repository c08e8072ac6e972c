import {
  type CampaignCreateBody,
  type CampaignListQuery,
  compareVersions,
  type Page,
  type TaskRowState,
  type UpgradeCampaign,
  type UpgradeOutcome,
} from '@safety-shield/contract';
import type { UpgradePhase, UpgradeProgressUp } from '@safety-shield/contract/device';
import { and, count, desc, eq, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { pageOf } from '../../db/paging.js';
import { device, deviceTask, deviceTaskRow, deviceUpgradeLog, firmwarePackage, upgradeCampaign, upgradeRow } from '../../db/schema.js';
import type { DeviceCommands } from '../../device-port/index.js';
import { AppError } from '../../http/errors.js';
import type { Principal } from '../../http/principal.js';
import { inScope, outOfScope } from '../../http/scope.js';
import { OBJECTS_PATH } from '../../storage/routes.js';
import type { ObjectSigner } from '../../storage/signed-urls.js';
import type { DeviceTaskService } from '../device-tasks/index.js';
import { batchTargets, countsOf, inTurns, noCounts, toTask } from '../device-tasks/index.js';
import { deviceFilter } from '../devices/index.js';
import { FIRMWARE_TYPE, type FirmwarePackages } from './packages.js';

type TaskRecord = typeof deviceTask.$inferSelect;
type CampaignRow = typeof upgradeCampaign.$inferSelect;

/** How long a device's download link opens the package (a resumed download gets a new one). */
const LINK_MS = 24 * 3_600_000;
/** The latest end time a campaign may have. */
const MAX_CAMPAIGN_MS = 90 * 24 * 3_600_000;
/** How long the portal waits for the device to take an order (the download is reported by `upgradeProgress`). */
const ORDER_ACK_MS = 15_000;
const MAX_REASON = 500;
/** How long after a device's row ended its campaign's stage and threshold are looked at (together with the others'). */
const JUDGE_DELAY_MS = 200;
const INSERT_CHUNK = 500;
const OPEN: TaskRowState[] = ['queued', 'sent', 'running'];
/** Steps after which the device no longer takes the order again: it is installing its new firmware. */
const INSTALLING: UpgradePhase[] = ['installing', 'rebooting'];
/** The order of the steps: a late, older report does not move a row back. */
const STEP: Record<UpgradePhase, number> = { downloading: 1, verifying: 2, installing: 3, rebooting: 4, failed: 5 };

const chunks = <T>(items: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** One open row as the campaign logic reads it. */
interface OpenRow {
  rowId: number;
  taskId: number;
  deviceId: number;
  uuid: string;
  state: TaskRowState;
  phase: UpgradePhase | null;
  stage: number;
}

/**
 * Upgrade campaigns (`/devicepage/upgradeManager`; docs/device-protocol.md, `upgrade`): a device task of kind
 * `upgrade`, sent stage by stage to the devices online and to the others at their `hello`, halted by its failure
 * threshold; each attempt that ends is written to the device upgrade log.
 */
export class UpgradeCampaigns {
  constructor(
    private readonly db: Db,
    private readonly devices: DeviceCommands,
    /** The portal's address as devices reach it, for the package links. */
    private readonly publicUrl: () => string,
    private readonly packages: FirmwarePackages,
    private readonly signer: ObjectSigner,
    private readonly tasks: DeviceTaskService,
    private readonly log: FastifyBaseLogger,
  ) {
    tasks.handle('upgrade', {
      cancel: (_principal, task, rowIds) => this.cancelRows(task.id, rowIds),
      retry: (_principal, task) => this.retry(task.id),
      refresh: (task) => this.expire(task.id),
    });
  }

  async create(principal: Principal, body: CampaignCreateBody): Promise<UpgradeCampaign> {
    const { packageId, deviceIds, filter, firstStagePercent, failureThresholdPercent, endTime } = body;
    if ((deviceIds === undefined) === (filter === undefined)) throw new AppError('PARAM_CHECK_FAIL', 'deviceIds', { field: 'deviceIds' });
    const now = Date.now();
    if (endTime <= now || endTime > now + MAX_CAMPAIGN_MS) throw new AppError('PARAM_CHECK_FAIL', 'endTime', { field: 'endTime' });
    const pkg = await this.packages.row(packageId);
    const taskId = await this.db.transaction(async (tx) => {
      const { model, ...listFilter } = filter ?? {};
      const targets = await batchTargets(tx, principal, deviceIds, (scope) =>
        and(deviceFilter(scope, listFilter), model ? eq(device.model, model) : undefined),
      );
      const newer = targets.filter((target) => (compareVersions(pkg.version, target.version) ?? 0) < 0);
      if (newer.length > 0)
        throw new AppError('SYSTEM_OTA_VERSION_LOW', newer[0]?.uuid, { devices: newer.slice(0, 20).map((target) => target.uuid) });
      const misfits = pkg.models.length === 0 ? [] : targets.filter((target) => !target.model || !pkg.models.includes(target.model));
      if (misfits.length > 0)
        throw new AppError('PARAM_CHECK_FAIL', 'models', { field: 'models', devices: misfits.slice(0, 20).map((target) => target.uuid) });
      const task = await this.tasks.create(tx, principal, {
        kind: 'upgrade',
        rowCount: targets.length,
        settings: null,
        expiresAt: new Date(endTime),
      });
      const firstStageSize = Math.ceil((targets.length * firstStagePercent) / 100);
      await tx.insert(upgradeCampaign).values({
        taskId: task.id,
        packageId,
        firstStagePercent,
        failureThresholdPercent,
        firstStageSize,
        endsAt: new Date(endTime),
      });
      let index = 0;
      for (const part of chunks(targets, INSERT_CHUNK)) {
        const rows = await tx
          .insert(deviceTaskRow)
          .values(
            part.map((target) => {
              const already = target.version === pkg.version;
              return {
                taskId: task.id,
                deviceId: target.id,
                deviceUuid: target.uuid,
                state: already ? ('done' as const) : ('queued' as const),
                progress: already ? 100 : null,
                reason: already ? `already runs ${pkg.version}` : null,
              };
            }),
          )
          .returning({ id: deviceTaskRow.id, deviceId: deviceTaskRow.deviceId });
        const versions = new Map(part.map((target) => [target.id, target.version]));
        await tx.insert(upgradeRow).values(
          rows.map((row) => ({
            rowId: row.id,
            taskId: task.id,
            stage: index++ < firstStageSize ? 1 : 2,
            fromVersion: versions.get(row.deviceId) ?? null,
          })),
        );
      }
      return task.id;
    });
    this.tasks.progress.changed([taskId]);
    await this.advance(taskId);
    return this.info(principal, taskId);
  }

  private async campaignRows(where: SQL | undefined, query?: CampaignListQuery) {
    const select = this.db
      .select({ task: deviceTask, campaign: upgradeCampaign, version: firmwarePackage.version })
      .from(upgradeCampaign)
      .innerJoin(deviceTask, eq(deviceTask.id, upgradeCampaign.taskId))
      .innerJoin(firmwarePackage, eq(firmwarePackage.id, upgradeCampaign.packageId))
      .where(where)
      .orderBy(desc(deviceTask.id))
      .$dynamic();
    const counted = this.db
      .select({ n: count() })
      .from(upgradeCampaign)
      .innerJoin(deviceTask, eq(deviceTask.id, upgradeCampaign.taskId))
      .where(where);
    const page = await pageOf(query ?? { page: 1, limit: 1 }, select, counted, (row) => row);
    const counts = await countsOf(
      this.db,
      page.records.map((row) => row.task.id),
    );
    return {
      total: page.total,
      records: page.records.map(({ task, campaign, version }) => toCampaign(task, campaign, version, counts.get(task.id) ?? noCounts())),
    };
  }

  async list(principal: Principal, query: CampaignListQuery): Promise<Page<UpgradeCampaign>> {
    await this.expireDue();
    return this.campaignRows(inScope(principal, deviceTask), query);
  }

  async info(principal: Principal, taskId: number): Promise<UpgradeCampaign> {
    await this.expire(taskId);
    const [found] = (await this.campaignRows(and(inScope(principal, deviceTask), eq(deviceTask.id, taskId)))).records;
    if (!found) throw outOfScope(principal, 'PARAM_CHECK_FAIL');
    return found;
  }

  /** Sets the campaign's control; `from` lists the controls it may come from. */
  private async control(
    principal: Principal,
    taskId: number,
    to: CampaignRow['control'],
    from: CampaignRow['control'][],
    reason: string | null,
  ) {
    await this.info(principal, taskId);
    const [moved] = await this.db
      .update(upgradeCampaign)
      .set({ control: to, controlReason: reason })
      .where(and(eq(upgradeCampaign.taskId, taskId), inArray(upgradeCampaign.control, from)))
      .returning();
    if (!moved) throw new AppError('DEVICE_STATE_ERROR', 'campaign');
  }

  async pause(principal: Principal, taskId: number) {
    await this.control(principal, taskId, 'paused', ['active'], `paused by ${principal.username}`);
    return this.info(principal, taskId);
  }

  async resume(principal: Principal, taskId: number) {
    await this.control(principal, taskId, 'active', ['paused', 'halted'], null);
    await this.advance(taskId);
    return this.info(principal, taskId);
  }

  /** Ends a campaign: its devices not yet installing are cancelled (and told to stop). */
  async abort(principal: Principal, taskId: number) {
    await this.control(principal, taskId, 'aborted', ['active', 'paused', 'halted'], `aborted by ${principal.username}`);
    await this.cancelRows(taskId, undefined);
    return this.info(principal, taskId);
  }

  /** Cancels open rows not yet installing (the device is told to stop). */
  private async cancelRows(taskId: number, rowIds: number[] | undefined) {
    const rows = await this.openRows(and(eq(deviceTaskRow.taskId, taskId), rowIds ? inArray(deviceTaskRow.id, rowIds) : undefined));
    const cancellable = rows.filter((row) => !(row.phase && INSTALLING.includes(row.phase)));
    for (const row of cancellable) {
      if (row.state !== 'queued') this.tell(row.uuid, 'upgradeCancel', { upgradeId: row.rowId });
      await this.finish(row.rowId, 'cancelled', 'cancelled by an operator');
    }
    this.tasks.progress.changed([taskId]);
  }

  /** Failed and expired rows go again (a campaign past its end time gets none). */
  private async retry(taskId: number) {
    await this.db.execute(sql`
      update ${deviceTaskRow} set state = 'queued', phase = null, progress = null, reason = null, updated_at = now()
      where task_id = ${taskId} and state in ('failed', 'expired')
        and exists (select 1 from ${upgradeCampaign} c where c.task_id = ${taskId} and c.ends_at > now() and c.control <> 'aborted')`);
    await this.db.execute(sql`
      update ${upgradeRow} set started_at = null
      where task_id = ${taskId} and row_id in (select id from ${deviceTaskRow} where task_id = ${taskId} and state = 'queued')`);
    await this.advance(taskId);
  }

  private async openRows(where: SQL | undefined): Promise<OpenRow[]> {
    return this.db
      .select({
        rowId: deviceTaskRow.id,
        taskId: deviceTaskRow.taskId,
        deviceId: deviceTaskRow.deviceId,
        uuid: deviceTaskRow.deviceUuid,
        state: deviceTaskRow.state,
        phase: deviceTaskRow.phase,
        stage: upgradeRow.stage,
      })
      .from(deviceTaskRow)
      .innerJoin(upgradeRow, eq(upgradeRow.rowId, deviceTaskRow.id))
      .where(and(where, inArray(deviceTaskRow.state, OPEN)))
      .orderBy(deviceTaskRow.id);
  }

  /**
   * A row ends: its state, and a line in the device upgrade log when the device had started on it. In one
   * transaction; a row already ended is left as it is (answers false).
   */
  private async finish(rowId: number, outcome: UpgradeOutcome, reason: string | null, toVersion?: string | null): Promise<boolean> {
    const ended = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(deviceTaskRow)
        .set({
          state: outcome,
          reason: reason?.slice(0, MAX_REASON) ?? null,
          updatedAt: new Date(),
          ...(outcome === 'done' ? { progress: 100, phase: null } : {}),
        })
        .where(and(eq(deviceTaskRow.id, rowId), inArray(deviceTaskRow.state, OPEN)))
        .returning();
      if (!row) return null;
      const [attempt] = await tx
        .select({ stage: upgradeRow, version: firmwarePackage.version, device })
        .from(upgradeRow)
        .innerJoin(upgradeCampaign, eq(upgradeCampaign.taskId, upgradeRow.taskId))
        .innerJoin(firmwarePackage, eq(firmwarePackage.id, upgradeCampaign.packageId))
        .leftJoin(device, eq(device.id, row.deviceId))
        .where(eq(upgradeRow.rowId, rowId));
      if (attempt?.stage.startedAt || outcome === 'done') {
        await tx.insert(deviceUpgradeLog).values({
          taskId: row.taskId,
          rowId,
          deviceId: row.deviceId,
          deviceUuid: row.deviceUuid,
          packageVersion: attempt?.version ?? '',
          fromVersion: attempt?.stage.fromVersion ?? null,
          toVersion: toVersion ?? attempt?.device?.version ?? null,
          result: outcome,
          reason: row.reason,
          startedAt: attempt?.stage.startedAt ?? null,
          belongAgentId: attempt?.device?.belongAgentId ?? null,
          belongCompanyId: attempt?.device?.belongCompanyId ?? null,
          belongFleetId: attempt?.device?.belongFleetId ?? null,
        });
      }
      return row.taskId;
    });
    if (ended === null) return false;
    this.tasks.progress.changed([ended]);
    this.judgeSoon(ended, outcome === 'failed');
    return true;
  }

  /** Tasks to judge, with whether a row failed since: 1,000 devices ending at once make one judgement, not 1,000. */
  private readonly toJudge = new Map<number, boolean>();
  private judging: NodeJS.Timeout | undefined;

  private judgeSoon(taskId: number, newFailure: boolean) {
    this.toJudge.set(taskId, (this.toJudge.get(taskId) ?? false) || newFailure);
    this.judging ??= setTimeout(() => {
      this.judging = undefined;
      const due = [...this.toJudge];
      this.toJudge.clear();
      for (const [id, failed] of due)
        this.judge(id, failed).catch((err: unknown) => this.log.error({ err, taskId: id }, 'campaign not judged'));
    }, JUDGE_DELAY_MS).unref();
  }

  /**
   * After a row ended: a new failure that takes the stage's failures past the threshold halts the campaign (a resume
   * accepts the failures so far); a first stage all ended moves the campaign to the second, whose devices are then sent.
   */
  private async judge(taskId: number, newFailure = false) {
    const [campaign] = await this.db.select().from(upgradeCampaign).where(eq(upgradeCampaign.taskId, taskId));
    if (campaign?.control !== 'active') return;
    const stats = await this.db
      .select({ stage: upgradeRow.stage, state: deviceTaskRow.state, n: count() })
      .from(deviceTaskRow)
      .innerJoin(upgradeRow, eq(upgradeRow.rowId, deviceTaskRow.id))
      .where(eq(deviceTaskRow.taskId, taskId))
      .groupBy(upgradeRow.stage, deviceTaskRow.state);
    const of = (stage: number, states?: TaskRowState[]) =>
      stats.filter((s) => s.stage === stage && (!states || states.includes(s.state))).reduce((sum, s) => sum + s.n, 0);
    const stage = campaign.stage;
    const size = of(stage);
    const failed = of(stage, ['failed']);
    if (newFailure && size > 0 && failed * 100 > campaign.failureThresholdPercent * size) {
      await this.db
        .update(upgradeCampaign)
        .set({
          control: 'halted',
          controlReason: `${failed} of ${size} devices of stage ${stage} failed (threshold ${campaign.failureThresholdPercent}%)`,
        })
        .where(and(eq(upgradeCampaign.taskId, taskId), eq(upgradeCampaign.control, 'active')));
      this.tasks.progress.changed([taskId]);
      return;
    }
    if (stage === 1 && of(1, OPEN) === 0 && of(2) > 0) {
      const [moved] = await this.db
        .update(upgradeCampaign)
        .set({ stage: 2 })
        .where(and(eq(upgradeCampaign.taskId, taskId), eq(upgradeCampaign.stage, 1), eq(upgradeCampaign.control, 'active')))
        .returning();
      if (moved) await this.advance(taskId);
    }
  }

  /** Sends the queued rows of the campaign's current stages to the devices online now (the others at their hello). */
  private async advance(taskId: number) {
    const [campaign] = await this.db.select().from(upgradeCampaign).where(eq(upgradeCampaign.taskId, taskId));
    if (campaign?.control !== 'active') return;
    const due = await this.db
      .select({ rowId: deviceTaskRow.id, uuid: deviceTaskRow.deviceUuid })
      .from(deviceTaskRow)
      .innerJoin(upgradeRow, eq(upgradeRow.rowId, deviceTaskRow.id))
      .innerJoin(device, eq(device.id, deviceTaskRow.deviceId))
      .where(
        and(
          eq(deviceTaskRow.taskId, taskId),
          eq(deviceTaskRow.state, 'queued'),
          lte(upgradeRow.stage, campaign.stage),
          eq(device.online, true),
        ),
      )
      .orderBy(deviceTaskRow.id);
    // Not awaited by the caller's answer beyond the turns: 10,000 orders go out 64 at a time.
    void inTurns(due, (row) => this.deliver(row.rowId, row.uuid)).then(() => this.judge(taskId));
  }

  /**
   * Sends one device its order (docs/device-protocol.md, `upgrade`): a queued row of an active campaign's current
   * stage, or again a row whose download broke. The ack says whether it took it.
   */
  private async deliver(rowId: number, uuid: string): Promise<void> {
    if (!this.devices.reaches(uuid)) return;
    const order = await this.db.transaction(async (tx) => {
      const [found] = await tx
        .select({ row: deviceTaskRow, stage: upgradeRow.stage, campaign: upgradeCampaign, pkg: firmwarePackage })
        .from(deviceTaskRow)
        .innerJoin(upgradeRow, eq(upgradeRow.rowId, deviceTaskRow.id))
        .innerJoin(upgradeCampaign, eq(upgradeCampaign.taskId, deviceTaskRow.taskId))
        .innerJoin(firmwarePackage, eq(firmwarePackage.id, upgradeCampaign.packageId))
        .where(and(eq(deviceTaskRow.id, rowId), inArray(deviceTaskRow.state, OPEN)))
        .for('update', { of: deviceTaskRow });
      if (!found) return null;
      const { row, campaign } = found;
      if (campaign.endsAt.getTime() <= Date.now()) return null;
      if (row.phase && INSTALLING.includes(row.phase)) return null;
      // A queued row waits for an active campaign and its stage; one already on its way goes on (a pause stops new ones).
      if (row.state === 'queued' && (campaign.control !== 'active' || found.stage > campaign.stage)) return null;
      if (campaign.control === 'aborted') return null;
      if (row.state === 'queued')
        await tx.update(deviceTaskRow).set({ state: 'sent', updatedAt: new Date() }).where(eq(deviceTaskRow.id, rowId));
      await tx.execute(sql`update ${upgradeRow} set started_at = coalesce(started_at, now()) where row_id = ${rowId}`);
      return found;
    });
    if (!order) return;
    this.tasks.progress.changed([order.row.taskId]);
    const expiresAt = Date.now() + LINK_MS;
    const token = this.signer.sign({ op: 'get', key: order.pkg.key, exp: expiresAt, contentType: FIRMWARE_TYPE });
    const payload = {
      upgradeId: rowId,
      version: order.pkg.version,
      url: `${this.publicUrl()}${OBJECTS_PATH}/${token}`,
      size: order.pkg.size,
      sha256: order.pkg.sha256,
      expiresAt,
    };
    try {
      const ack = await this.devices.send(uuid, 'upgrade', payload, ORDER_ACK_MS);
      if (ack.result?.version === order.pkg.version) await this.finish(rowId, 'done', null, order.pkg.version);
    } catch (err) {
      const ack = (err as { ack?: { error?: string | null } }).ack;
      if (!ack) return void this.log.info({ err, rowId }, 'upgrade order not acknowledged: sent again at the next hello');
      await this.finish(rowId, 'failed', ack.error ?? 'refused by the device');
    }
  }

  /**
   * `upgradeProgress` (the device intake): a step of an order this device took. A report for a row that ended is
   * ignored; one that cannot be filed is logged, not resent (the next step or the hello tells again).
   */
  async progress(uuid: string, report: UpgradeProgressUp): Promise<void> {
    await this.fileProgress(uuid, report).catch((err: unknown) => this.log.error({ err, uuid }, 'upgrade progress not filed'));
  }

  private async fileProgress(uuid: string, report: UpgradeProgressUp): Promise<void> {
    const [row] = await this.db
      .select({ id: deviceTaskRow.id, taskId: deviceTaskRow.taskId, phase: deviceTaskRow.phase })
      .from(deviceTaskRow)
      .innerJoin(upgradeRow, eq(upgradeRow.rowId, deviceTaskRow.id))
      .where(and(eq(deviceTaskRow.id, report.upgradeId), eq(deviceTaskRow.deviceUuid, uuid), inArray(deviceTaskRow.state, OPEN)));
    if (!row) return;
    if (report.phase === 'failed') {
      await this.finish(row.id, 'failed', report.reason ?? 'failed on the device');
      return;
    }
    if (row.phase && STEP[row.phase] > STEP[report.phase]) return;
    const progress = report.phase === 'downloading' ? (report.percent ?? null) : 100;
    await this.db
      .update(deviceTaskRow)
      .set({ state: 'running', phase: report.phase, progress, updatedAt: new Date() })
      .where(and(eq(deviceTaskRow.id, row.id), inArray(deviceTaskRow.state, OPEN)));
    this.tasks.progress.changed([row.taskId]);
  }

  /**
   * A device said `hello`: an upgrade it installed ends (done with the new version, failed with another named one), one whose
   * download broke is ordered again (it resumes), and queued ones of active campaigns go out.
   */
  async hello(uuid: string, { versionNamed = true }: { versionNamed?: boolean } = {}): Promise<void> {
    const [known] = await this.db.select({ id: device.id, version: device.version }).from(device).where(eq(device.deviceUuid, uuid));
    if (!known) return;
    const rows = await this.db
      .select({
        rowId: deviceTaskRow.id,
        taskId: deviceTaskRow.taskId,
        state: deviceTaskRow.state,
        phase: deviceTaskRow.phase,
        target: firmwarePackage.version,
        endsAt: upgradeCampaign.endsAt,
      })
      .from(deviceTaskRow)
      .innerJoin(upgradeCampaign, eq(upgradeCampaign.taskId, deviceTaskRow.taskId))
      .innerJoin(firmwarePackage, eq(firmwarePackage.id, upgradeCampaign.packageId))
      .where(and(eq(deviceTaskRow.deviceId, known.id), inArray(deviceTaskRow.state, OPEN)))
      .orderBy(deviceTaskRow.id);
    for (const row of rows) {
      if (row.endsAt.getTime() <= Date.now()) await this.expire(row.taskId);
      else if (known.version === row.target) await this.finish(row.rowId, 'done', null, known.version);
      else if (row.state === 'running' && row.phase && INSTALLING.includes(row.phase)) {
        // A device that names no version (a JT/T 808-2013 terminal) tells how its install went otherwise.
        if (versionNamed) await this.finish(row.rowId, 'failed', `came back with version ${known.version ?? 'unknown'}`, known.version);
      } else await this.deliver(row.rowId, uuid);
    }
  }

  /** Rows of a campaign past its end time: expired (a device that never came back from rebooting among them). */
  async expire(taskId: number): Promise<void> {
    const rows = await this.openRows(
      and(
        eq(deviceTaskRow.taskId, taskId),
        sql`exists (select 1 from ${upgradeCampaign} c where c.task_id = ${deviceTaskRow.taskId} and c.ends_at <= now())`,
      ),
    );
    for (const row of rows) {
      const reason =
        row.phase && INSTALLING.includes(row.phase) ? 'did not come back before the end time' : 'not upgraded before the end time';
      await this.finish(row.rowId, 'expired', reason);
    }
  }

  /** Every campaign past its end time with rows still open (a sweep, and before lists are read). */
  async expireDue(): Promise<void> {
    const due = await this.db.execute(sql`
      select c.task_id from ${upgradeCampaign} c where c.ends_at <= now()
        and exists (select 1 from ${deviceTaskRow} r where r.task_id = c.task_id and r.state in ('queued', 'sent', 'running'))`);
    for (const { task_id } of (due as unknown as { rows: { task_id: number }[] }).rows) await this.expire(task_id);
  }

  /** A command whose answer does not matter (told, not asked). */
  private tell(uuid: string, kind: 'upgradeCancel', payload: { upgradeId: number }) {
    if (!this.devices.reaches(uuid)) return;
    this.devices
      .send(uuid, kind, payload, ORDER_ACK_MS)
      .catch((err: unknown) => this.log.debug({ err, uuid }, 'upgradeCancel not acknowledged'));
  }
}

export function toCampaign(task: TaskRecord, campaign: CampaignRow, version: string, counts: ReturnType<typeof noCounts>): UpgradeCampaign {
  return {
    ...toTask(task, counts),
    packageId: campaign.packageId,
    version,
    control: campaign.control,
    controlReason: campaign.controlReason,
    stage: campaign.stage,
    firstStagePercent: campaign.firstStagePercent,
    failureThresholdPercent: campaign.failureThresholdPercent,
    firstStageSize: campaign.firstStageSize,
  };
}
