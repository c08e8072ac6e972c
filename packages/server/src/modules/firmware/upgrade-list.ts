import type {
  DeviceUpgradeQuery,
  DeviceUpgradeRecord,
  Language,
  Page,
  UpgradeLogQuery,
  UpgradeLogRecord,
  UpgradeRowPhase,
} from '@safety-shield/contract';
import { and, count, desc, eq, gte, ilike, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { inBatches, pageOf, rowsPage } from '../../db/paging.js';
import { device, deviceUpgradeLog } from '../../db/schema.js';
import { containing } from '../../http/pagination.js';
import type { Principal } from '../../http/principal.js';
import { inScope } from '../../http/scope.js';
import { type SheetColumn, sheetTime } from '../../http/xlsx.js';
import { exportTexts } from '../../texts/exports.js';
import { withUnit } from '../../texts/format.js';

/** A device's latest upgrade row (of any campaign): its state, step, percent, reason and the package's version. */
const latest = (column: string) =>
  sql.raw(`(select ${column} from device_task_row r
    join upgrade_campaign c on c.task_id = r.task_id
    join firmware_package p on p.id = c.package_id
    where r.device_id = "device"."id" order by r.id desc limit 1)`);

/** Where the latest upgrade stands: the step while running, else the row's state. */
const phaseOf = latest(`coalesce(case when r.state = 'running' then r.phase end, r.state)`);

const columns = {
  id: device.id,
  uuid: device.deviceUuid,
  model: device.model,
  online: device.online,
  version: device.version,
  target: sql<string | null>`${latest('p.version')}`,
  phase: sql<UpgradeRowPhase | null>`${phaseOf}`,
  progress: sql<number | null>`${latest('r.progress')}`,
  reason: sql<string | null>`${latest('r.reason')}`,
  taskId: sql<number | null>`${latest('r.task_id')}`,
  updatedAt: sql<string | null>`${latest('r.updated_at')}`,
};
interface Row {
  id: number;
  uuid: string;
  model: string | null;
  online: boolean;
  version: string | null;
  target: string | null;
  phase: UpgradeRowPhase | null;
  progress: number | null;
  reason: string | null;
  taskId: number | null;
  updatedAt: string | null;
}

const toRecord = (row: Row): DeviceUpgradeRecord => ({
  deviceId: row.id,
  deviceUuid: row.uuid,
  model: row.model,
  online: row.online,
  runningVersion: row.version,
  targetVersion: row.target,
  phase: row.phase,
  progress: row.progress,
  reason: row.reason,
  taskId: row.taskId,
  updateTime: row.updatedAt ? new Date(row.updatedAt).getTime() : null,
});

function upgradeFilter(principal: Principal, query: Omit<DeviceUpgradeQuery, 'page' | 'limit'>): SQL | undefined {
  return and(
    inScope(principal, device),
    query.keyword ? ilike(device.deviceUuid, containing(query.keyword)) : undefined,
    query.version ? eq(device.version, query.version) : undefined,
    query.model ? eq(device.model, query.model) : undefined,
    query.phase ? sql`${phaseOf} = ${query.phase}` : undefined,
  );
}

/** `/devicepage/upgrade-list`: devices with their running version and their latest upgrade. */
export function listDeviceUpgrades(db: Db, principal: Principal, query: DeviceUpgradeQuery): Promise<Page<DeviceUpgradeRecord>> {
  const where = upgradeFilter(principal, query);
  return pageOf(
    query,
    db.select(columns).from(device).where(where).orderBy(desc(device.id)).$dynamic(),
    db.select({ n: count() }).from(device).where(where),
    toRecord,
  );
}

export async function* deviceUpgradeBatches(db: Db, principal: Principal, query: Omit<DeviceUpgradeQuery, 'page' | 'limit'>) {
  const where = upgradeFilter(principal, query);
  const select = (below: SQL | undefined) => db.select(columns).from(device).where(and(where, below)).$dynamic();
  for await (const rows of inBatches(device.id, select, (row) => row.id)) yield rows.map(toRecord);
}

/** `/v1/device/export/upgrade`, in the reader's words. */
export function upgradeColumns(language: Language): SheetColumn<DeviceUpgradeRecord>[] {
  const { columns: c, online, offline, phase } = exportTexts[language];
  return [
    { header: c.deviceUuid, width: 24, value: (r) => r.deviceUuid },
    { header: c.model, width: 14, value: (r) => r.model },
    { header: c.state, width: 9, value: (r) => (r.online ? online : offline) },
    { header: c.runningVersion, width: 16, value: (r) => r.runningVersion },
    { header: c.targetVersion, width: 16, value: (r) => r.targetVersion },
    { header: c.upgrade, width: 12, value: (r) => (r.phase ? phase[r.phase] : null) },
    { header: withUnit(c.progress, '%'), width: 10, value: (r) => r.progress },
    { header: c.reason, width: 30, value: (r) => r.reason },
    { header: withUnit(c.updated, 'UTC'), width: 20, value: (r) => sheetTime(r.updateTime) },
  ];
}

const toLog = (row: typeof deviceUpgradeLog.$inferSelect): UpgradeLogRecord => ({
  id: row.id,
  taskId: row.taskId,
  deviceId: row.deviceId,
  deviceUuid: row.deviceUuid,
  packageVersion: row.packageVersion,
  fromVersion: row.fromVersion,
  toVersion: row.toVersion,
  result: row.result,
  reason: row.reason,
  startTime: row.startedAt?.getTime() ?? null,
  endTime: row.endedAt.getTime(),
});

function logFilter(principal: Principal, query: Omit<UpgradeLogQuery, 'page' | 'limit'>): SQL | undefined {
  return and(
    inScope(principal, deviceUpgradeLog),
    query.keyword ? ilike(deviceUpgradeLog.deviceUuid, containing(query.keyword)) : undefined,
    query.version ? eq(deviceUpgradeLog.packageVersion, query.version) : undefined,
    query.result ? eq(deviceUpgradeLog.result, query.result) : undefined,
    query.startTime === undefined ? undefined : gte(deviceUpgradeLog.endedAt, new Date(query.startTime)),
    query.endTime === undefined ? undefined : lte(deviceUpgradeLog.endedAt, new Date(query.endTime)),
  );
}

/** `/system/deviceLog`: every upgrade attempt that ended, newest first. */
export function listUpgradeLog(db: Db, principal: Principal, query: UpgradeLogQuery): Promise<Page<UpgradeLogRecord>> {
  const where = logFilter(principal, query);
  return rowsPage(db, deviceUpgradeLog, where, [desc(deviceUpgradeLog.id)], query, toLog);
}

export async function* upgradeLogBatches(db: Db, principal: Principal, query: Omit<UpgradeLogQuery, 'page' | 'limit'>) {
  const where = logFilter(principal, query);
  const select = (below: SQL | undefined) => db.select().from(deviceUpgradeLog).where(and(where, below)).$dynamic();
  for await (const rows of inBatches(deviceUpgradeLog.id, select, (row) => row.id)) yield rows.map(toLog);
}
