import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ConfigSettings, ThresholdValues } from '@safety-shield/contract';
import { DEFAULT_FIRMWARE, DEFAULT_MODEL, factoryConfig, type Random, uniform } from '@safety-shield/device-sim';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client.js';
import { FIRMWARE_TYPE } from '../modules/firmware/index.js';
import type { ObjectStore } from '../storage/object-store.js';
import { documents, insertColumns, instants } from './bulk.js';
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
  await insertColumns(tx, 'device_config', [
    { name: 'device_id', type: 'int', values: rows.map((r) => r.deviceId) },
    { name: 'version', type: 'int', values: rows.map((r) => r.version) },
    { name: 'status', type: 'text', values: rows.map(() => 'applied') },
    documents(
      'settings',
      rows.map((r) => r.settings),
    ),
    documents(
      'changed',
      rows.map((r) => r.changed),
    ),
    { name: 'created_by_id', type: 'int', values: rows.map(() => reviewer.id) },
    { name: 'created_by_name', type: 'text', values: rows.map(() => reviewer.username) },
    instants(
      'created_at',
      rows.map((r) => r.saved),
    ),
    instants(
      'dispatched_at',
      rows.map((r) => r.saved + 30_000),
    ),
    instants(
      'sent_at',
      rows.map((r) => r.applied - 2_000),
    ),
    instants(
      'applied_at',
      rows.map((r) => r.applied),
    ),
  ]);
  const last = rows.filter((r) => r.version === steps.length);
  await insertColumns(tx, 'device_config_report', [
    { name: 'device_id', type: 'int', values: last.map((r) => r.deviceId) },
    { name: 'version', type: 'int', values: last.map((r) => r.version) },
    documents(
      'settings',
      last.map((r) => r.settings),
    ),
    instants(
      'reported_at',
      last.map((r) => r.applied),
    ),
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
  const rows = await insertColumns<{ id: number }>(
    tx,
    'device_task_row',
    [
      { name: 'task_id', type: 'int', values: attempts.map(() => task?.id) },
      { name: 'device_id', type: 'int', values: attempts.map((a) => a.device.deviceId) },
      { name: 'device_uuid', type: 'text', values: attempts.map((a) => a.device.uuid) },
      { name: 'state', type: 'text', values: attempts.map(() => 'done') },
      { name: 'progress', type: 'int', values: attempts.map(() => 100) },
      instants(
        'updated_at',
        attempts.map((a) => a.end),
      ),
    ],
    'id',
  );
  await insertColumns(tx, 'upgrade_row', [
    { name: 'row_id', type: 'bigint', values: rows.map((r) => r.id) },
    { name: 'task_id', type: 'int', values: attempts.map(() => task?.id) },
    { name: 'stage', type: 'int', values: attempts.map((a) => a.stage) },
    { name: 'from_version', type: 'text', values: attempts.map(() => SHIPPED_FIRMWARE) },
    instants(
      'started_at',
      attempts.map((a) => a.begin),
    ),
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
  await insertColumns(tx, 'device_upgrade_log', [
    { name: 'task_id', type: 'int', values: lines.map(() => task?.id) },
    { name: 'row_id', type: 'bigint', values: lines.map((l) => l.row) },
    { name: 'device_id', type: 'int', values: lines.map((l) => l.device.deviceId) },
    { name: 'device_uuid', type: 'text', values: lines.map((l) => l.device.uuid) },
    { name: 'package_version', type: 'text', values: lines.map(() => DEFAULT_FIRMWARE) },
    { name: 'from_version', type: 'text', values: lines.map(() => SHIPPED_FIRMWARE) },
    { name: 'to_version', type: 'text', values: lines.map((l) => l.to) },
    { name: 'result', type: 'text', values: lines.map((l) => l.result) },
    { name: 'reason', type: 'text', values: lines.map((l) => l.reason) },
    instants(
      'started_at',
      lines.map((l) => l.begin),
    ),
    // The schema's `endedAt` (the row is written when the attempt ends).
    instants(
      'created_at',
      lines.map((l) => l.end),
    ),
    { name: 'belong_agent_id', type: 'int', values: lines.map((l) => l.device.chain.agentId) },
    { name: 'belong_company_id', type: 'int', values: lines.map((l) => l.device.chain.companyId) },
    { name: 'belong_fleet_id', type: 'int', values: lines.map((l) => l.device.chain.fleetId) },
  ]);
  return [
    { action: 'device.firmware.upload', target: Number(pkg?.id), at: uploaded },
    { action: 'device.firmware.campaign', target: Number(task?.id), at: started },
  ];
}
