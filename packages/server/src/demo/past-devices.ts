import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ConfigSettings, ThresholdValues } from '@safety-shield/contract';
import { DEFAULT_FIRMWARE, DEFAULT_MODEL, factoryConfig, type Random, uniform } from '@safety-shield/device-sim';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client.js';
import { FIRMWARE_TYPE } from '../modules/firmware/index.js';
import type { ObjectStore } from '../storage/object-store.js';
import { insertRows } from './bulk.js';
import { DEMO_GPS } from './live-start.js';
import type { LogLine, Reviewer } from './past-log.js';
import type { PastTrail } from './past-trips.js';

/**
 * What the demo's devices went through before the portal's first start (issue 28): two configuration versions the
 * reviewer dispatched and the devices applied, and the firmware campaign that brought them to the version they run
 * now. Both end where the simulated devices start: the configuration they keep in their file and the firmware they
 * report in their hello.
 */

const DAY_MS = 86_400_000;

/** The firmware the devices came with, before the campaign installed the simulator's version. */
export const SHIPPED_FIRMWARE = 'sim-0.9.7';

const HEAVY_TRUCKS: ThresholdValues = {
  speedingMarginKmh: 6,
  harshAccelerationG: 0.3,
  harshBrakingG: 0.4,
  harshTurnG: 0.35,
  fatigueSeconds: 2,
  distractionSeconds: 3,
  phoneUseSeconds: 3,
};

interface Device {
  deviceId: number;
  uuid: string;
  channels: number;
}

/** The first connection of a device that starts after `at`: when it could take a command. */
function onlineAfter(trail: PastTrail, deviceId: number, at: number): { start: number; end: number } | null {
  let best: { start: number; end: number } | null = null;
  for (const s of trail.sessions) if (s.deviceId === deviceId && s.start >= at && (!best || s.start < best.start)) best = s;
  return best;
}

/**
 * Configuration versions 1 (the operator's APN, some 80 days ago) and 2 (the "Heavy trucks" threshold class, some 25
 * days ago) of every device, saved and dispatched by the reviewer and applied at the device's next connection; what
 * each device reports is version 2. Answers each device's running configuration, for the simulated devices' file.
 */
export async function writeConfigHistory(
  tx: Db,
  devices: readonly Device[],
  trail: PastTrail,
  reviewer: Reviewer,
  now: number,
): Promise<{ running: Record<string, { version: number; settings: ConfigSettings }>; log: LogLine[] }> {
  const [threshold] = rowsOf<{ id: number }>(
    await tx.execute(sql`insert into threshold_class (name, description, "values", updated_at, created_at)
      values ('Heavy trucks', 'Loaded trucks over 12 t: gentler g-force limits, a smaller speeding margin',
        ${JSON.stringify(HEAVY_TRUCKS)}::jsonb, to_timestamp(${now - 30 * DAY_MS} / 1000.0), to_timestamp(${now - 30 * DAY_MS} / 1000.0))
      returning id`),
  );
  const steps: { days: number; change: ConfigSettings; changed: string[] }[] = [
    { days: 80, change: { apn: { name: 'm2m.telia.com' } }, changed: ['apn'] },
    {
      days: 25,
      change: { thresholds: { classId: Number(threshold?.id), name: 'Heavy trucks', values: HEAVY_TRUCKS } },
      changed: ['thresholds'],
    },
  ];
  const rows: { deviceId: number; version: number; settings: ConfigSettings; changed: string[]; saved: number; applied: number }[] = [];
  const running: Record<string, { version: number; settings: ConfigSettings }> = {};
  const log: LogLine[] = [];
  for (const device of devices) {
    // What the device reported at its first connection: the simulator's factory document (version 0).
    let settings = factoryConfig({ gps: DEMO_GPS, channels: device.channels });
    for (const [n, step] of steps.entries()) {
      const saved = now - step.days * DAY_MS + device.deviceId * 40_000;
      const session = onlineAfter(trail, device.deviceId, saved);
      const applied = (session?.start ?? saved) + 20_000;
      settings = { ...settings, ...step.change };
      rows.push({ deviceId: device.deviceId, version: n + 1, settings, changed: step.changed, saved, applied });
      log.push(
        { action: 'device.config.save', target: device.deviceId, at: saved },
        { action: 'device.config.dispatch', target: device.deviceId, at: saved + 30_000 },
      );
    }
    running[device.uuid] = { version: steps.length, settings };
  }
  await insertRows(tx, 'device_config', rows, (c) => [
    c.column('device_id', 'int', (r) => r.deviceId),
    c.column('version', 'int', (r) => r.version),
    c.column('status', 'text', () => 'applied'),
    c.document('settings', (r) => r.settings),
    c.document('changed', (r) => r.changed),
    c.column('created_by_id', 'int', () => reviewer.id),
    c.column('created_by_name', 'text', () => reviewer.username),
    c.instant('created_at', (r) => r.saved),
    c.instant('dispatched_at', (r) => r.saved + 30_000),
    c.instant('sent_at', (r) => r.applied - 2_000),
    c.instant('applied_at', (r) => r.applied),
  ]);
  const last = rows.filter((r) => r.version === steps.length);
  await insertRows(tx, 'device_config_report', last, (c) => [
    c.column('device_id', 'int', (r) => r.deviceId),
    c.column('version', 'int', (r) => r.version),
    c.document('settings', (r) => r.settings),
    c.instant('reported_at', (r) => r.applied),
  ]);
  return { running, log };
}

/**
 * The campaign that upgraded every device from SHIPPED_FIRMWARE to the simulator's version some 45 days ago: the
 * package in the store, the task with a row per device (a fifth in the first stage), each attempt in the upgrade log at
 * the device's next connection; one device's first download broke off and its retry went through.
 */
export async function writeFirmwareHistory(
  tx: Db,
  store: ObjectStore,
  devices: readonly (Device & { chain: { agentId: number; companyId: number; fleetId: number } })[],
  trail: PastTrail,
  reviewer: Reviewer,
  now: number,
  random: Random,
): Promise<LogLine[]> {
  const uploaded = now - 47 * DAY_MS;
  const started = now - 45 * DAY_MS;
  // A package as a vendor ships it: bytes of its own, its SHA-256 recorded by the store.
  const bytes = createHash('sha512').update(DEFAULT_FIRMWARE).digest();
  const file = Buffer.concat(Array.from({ length: 2048 }, (_, i) => createHash('sha512').update(bytes).update(String(i)).digest()));
  const key = `firmware/${createHash('sha256').update(`demo ${DEFAULT_FIRMWARE}`).digest('hex').slice(0, 32)}`;
  const object = await store.put(key, Readable.from([file]), { maxBytes: file.length, contentType: FIRMWARE_TYPE });
  const [pkg] = rowsOf<{ id: number }>(
    await tx.execute(sql`insert into firmware_package (version, models, notes, file_name, key, size, sha256, created_by_id, created_by_name, created_at)
      values (${DEFAULT_FIRMWARE}, array[${DEFAULT_MODEL}]::text[], 'Fewer false lane-departure alarms; faster evidence upload on weak signal',
        ${`ss-dvr-4-${DEFAULT_FIRMWARE}.bin`}, ${key}, ${object.size}, ${object.sha256}, ${reviewer.id}, ${reviewer.username},
        to_timestamp(${uploaded} / 1000.0))
      returning id`),
  );
  const ends = started + 7 * DAY_MS;
  const [task] = rowsOf<{ id: number }>(
    await tx.execute(sql`insert into device_task (kind, expires_at, row_count, created_by_id, created_by_name, created_at)
      values ('upgrade', to_timestamp(${ends} / 1000.0), ${devices.length}, ${reviewer.id}, ${reviewer.username}, to_timestamp(${started} / 1000.0))
      returning id`),
  );
  const firstStage = Math.ceil((devices.length * 20) / 100);
  await tx.execute(sql`insert into upgrade_campaign (task_id, package_id, control, stage, first_stage_percent, failure_threshold_percent,
      first_stage_size, ends_at)
    values (${task?.id}, ${pkg?.id}, 'active', 2, 20, 30, ${firstStage}, to_timestamp(${ends} / 1000.0))`);
  // Each device's attempt at its next connection: the first stage that morning, the rest once it had gone well.
  const attempts = devices.map((d, index) => {
    const from = index < firstStage ? started : started + DAY_MS;
    const session = onlineAfter(trail, d.deviceId, from);
    const begin = (session?.start ?? from) + Math.round(uniform(random, 1, 5)) * 60_000;
    return { device: d, stage: index < firstStage ? 1 : 2, begin, end: begin + Math.round(uniform(random, 6, 11)) * 60_000 };
  });
  const rows = await insertRows(tx, 'device_task_row', attempts, 'id', (c) => [
    c.column('task_id', 'int', () => task?.id),
    c.column('device_id', 'int', (a) => a.device.deviceId),
    c.column('device_uuid', 'text', (a) => a.device.uuid),
    c.column('state', 'text', () => 'done'),
    c.column('progress', 'int', () => 100),
    c.instant('updated_at', (a) => a.end),
  ]);
  await insertRows(tx, 'upgrade_row', attempts, (c) => [
    { name: 'row_id', type: 'bigint', values: rows.map((r) => r.id) },
    c.column('task_id', 'int', () => task?.id),
    c.column('stage', 'int', (a) => a.stage),
    c.column('from_version', 'text', () => SHIPPED_FIRMWARE),
    c.instant('started_at', (a) => a.begin),
  ]);
  // The log: one line per attempt; the broken download of the last first-stage device comes first, its retry later.
  const lines = attempts.map((a, n) => ({ ...a, row: rows[n]?.id, result: 'done', reason: null as string | null, to: DEFAULT_FIRMWARE }));
  const broken = lines[firstStage - 1];
  if (broken) {
    const retry = { ...broken };
    broken.end = broken.begin + 4 * 60_000;
    broken.result = 'failed';
    broken.reason = 'download interrupted: connection lost';
    broken.to = SHIPPED_FIRMWARE;
    retry.begin = broken.end + 15 * 60_000;
    retry.end = retry.begin + 8 * 60_000;
    lines.push(retry);
  }
  await insertRows(tx, 'device_upgrade_log', lines, (c) => [
    c.column('task_id', 'int', () => task?.id),
    c.column('row_id', 'bigint', (l) => l.row),
    c.column('device_id', 'int', (l) => l.device.deviceId),
    c.column('device_uuid', 'text', (l) => l.device.uuid),
    c.column('package_version', 'text', () => DEFAULT_FIRMWARE),
    c.column('from_version', 'text', () => SHIPPED_FIRMWARE),
    c.column('to_version', 'text', (l) => l.to),
    c.column('result', 'text', (l) => l.result),
    c.column('reason', 'text', (l) => l.reason),
    c.instant('started_at', (l) => l.begin),
    // The schema's `endedAt` (the row is written when the attempt ends).
    c.instant('created_at', (l) => l.end),
    c.column('belong_agent_id', 'int', (l) => l.device.chain.agentId),
    c.column('belong_company_id', 'int', (l) => l.device.chain.companyId),
    c.column('belong_fleet_id', 'int', (l) => l.device.chain.fleetId),
  ]);
  return [
    { action: 'device.firmware.upload', target: Number(pkg?.id), at: uploaded },
    { action: 'device.firmware.campaign', target: Number(task?.id), at: started },
  ];
}
