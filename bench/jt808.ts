import { ATTACHMENT_TYPE, ID, location, readAttachmentRequest } from '@safety-shield/contract/jt808';
import { alarmFileName, Jt808Terminal, uploadAttachments } from '@safety-shield/device-sim';
import { connectDevices, type Device, GatewayProcess } from './ingest.js';
import { terminalNumber } from './jt808-numbers.js';
import { latencyPercentiles, periodic, printTable, saveResult, throwawayDatabase } from './lib.js';

/**
 * Issue 30: the JT/T 808 gateway at fleet size, beside the MQTT gateway under the same load, in one portal process
 * (bench/ingest-server.ts with BENCH_TERMINALS). Targets: no more CPU and memory than MQTT; position-to-database lag
 * p95 ≤ 1 s (a 0x0200's reply goes once its position is written); ≥ 20,000 positions/s at saturation on PostgreSQL;
 * N terminals registering at once all online ≤ 30 s.
 */
const TERMINALS = Number(process.env.BENCH_TERMINALS ?? 10_000);
const REPORT_EVERY_MS = 10_000;
const HEARTBEAT_EVERY_MS = 30_000;
const TIMING = { warmupMs: 12_000, windowMs: 30_000, saturationMs: 15_000 } as const;
/** At saturation each terminal keeps one batch of this many positions unanswered. */
const SATURATION_BATCH = 50;
/** One alarm's attachments: this many pictures of this many bytes (target: all stored within 10 s on a local link). */
const ATTACHMENT = { files: 10, bytes: 2 * 1024 * 1024 } as const;

/** Beijing time (the standard's clock) as BCD text. */
function bcdNow(at = Date.now()): string {
  const d = new Date(at + 8 * 3_600_000);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getUTCFullYear() % 100)}${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}${two(d.getUTCHours())}${two(d.getUTCMinutes())}${two(d.getUTCSeconds())}`;
}

/** Opens `count` connections, `group` at a time. */
async function inGroups<T>(count: number, group: number, open: (i: number) => Promise<T>): Promise<T[]> {
  const opened: T[] = [];
  for (let start = 0; start < count; start += group) {
    opened.push(...(await Promise.all(Array.from({ length: Math.min(group, count - start) }, (_, k) => open(start + k)))));
  }
  return opened;
}

async function seededTerminals(port: number): Promise<Jt808Terminal[]> {
  return inGroups(TERMINALS, 200, async (i) => {
    const terminal = new Jt808Terminal({ host: '127.0.0.1', port, terminal: terminalNumber(i), version: 2013, replyTimeoutMs: 60_000 });
    await terminal.connect();
    if ((await terminal.authenticate(`jt_bench_${i}`)) !== 0) throw new Error(`terminal ${i} not authenticated`);
    return terminal;
  });
}

interface Window {
  cores: number;
  rssMb: number;
  messagesPerSecond: number;
  positionsPerSecond: number;
  lagP50Ms: number;
  lagP95Ms: number;
}

/** Runs `drive` for warm-up + window; the process's cores and RSS, and the answers' latency inside the window. */
async function measure(
  gateway: GatewayProcess,
  windowMs: number,
  drive: (record: (positions: number, latencyMs: number) => void) => () => Promise<void>,
): Promise<Window> {
  let counting = false;
  let messages = 0;
  let positions = 0;
  const latencies: number[] = [];
  const stop = drive((n, latencyMs) => {
    if (!counting) return;
    messages += 1;
    positions += n;
    latencies.push(latencyMs);
  });
  await new Promise((resolve) => setTimeout(resolve, TIMING.warmupMs));
  const before = await gateway.usage();
  counting = true;
  await new Promise((resolve) => setTimeout(resolve, windowMs));
  counting = false;
  const after = await gateway.usage();
  await stop();
  const seconds = (after.atMs - before.atMs) / 1000;
  const ms = latencyPercentiles(latencies);
  return {
    cores: Math.round(((after.cpuMicros - before.cpuMicros) / 1e6 / seconds) * 100) / 100,
    rssMb: after.rssMb,
    messagesPerSecond: Math.round(messages / seconds),
    positionsPerSecond: Math.round(positions / seconds),
    lagP50Ms: Math.round(ms.p50Ms),
    lagP95Ms: Math.round(ms.p95Ms),
  };
}

/** JT/T 808 terminals: a 0x0200 every 10 s each, a heartbeat every 30 s. */
function terminalsReporting(terminals: Jt808Terminal[]) {
  let lng = 10;
  const reports = periodic(terminals, REPORT_EVERY_MS, async (t) => {
    lng += 0.00001;
    const reply = await t.location(location({ lat: 59.9, lng, time: bcdNow(), speed: 36, heading: 90, signal: 20 }));
    return reply.result === 0 ? 1 : 0;
  });
  const beats = periodic(terminals, HEARTBEAT_EVERY_MS, async (t) => {
    await t.heartbeat();
    return 0;
  });
  return (record: (positions: number, latencyMs: number) => void) => {
    const stopReports = reports(record);
    const stopBeats = beats(() => {});
    return async () => {
      await Promise.all([stopReports(), stopBeats()]);
    };
  };
}

/** The same load over MQTT: one position a message, every 10 s each. */
const devicesReporting = (devices: Device[]) =>
  periodic(devices, REPORT_EVERY_MS, async (device) => {
    await device.publish(1);
    return 1;
  });

/** As fast as the portal answers: each terminal keeps one 0x0704 batch unanswered. */
function saturating(terminals: Jt808Terminal[]) {
  return (record: (positions: number, latencyMs: number) => void) => {
    let running = true;
    const loops = terminals.map(async (t, i) => {
      let at = Date.now() - 3_600_000 + i;
      while (running) {
        const from = at;
        at += SATURATION_BATCH * 1_000;
        const batch = Array.from({ length: SATURATION_BATCH }, (_, k) =>
          location({ lat: 59.9, lng: 10 + k * 0.00001, time: bcdNow(from + k * 1_000), speed: 36 }),
        );
        const sent = performance.now();
        const reply = await t.batch(batch).catch(() => undefined);
        if (reply?.result === 0) record(SATURATION_BATCH, performance.now() - sent);
      }
    });
    return async () => {
      running = false;
      await Promise.allSettled(loops);
    };
  };
}

/** `count` new terminals register and authenticate at once: how long until the last is online. */
async function registrationStorm(gateway: GatewayProcess, port: number, count: number) {
  const terminals = await inGroups(count, 500, async (i) => {
    const t = new Jt808Terminal({
      host: '127.0.0.1',
      port,
      terminal: terminalNumber(1_000_000 + i),
      version: 2019,
      replyTimeoutMs: 120_000,
    });
    await t.connect();
    return t;
  });
  const started = performance.now();
  const outcomes = await Promise.all(
    terminals.map(async (t, i) => {
      const { code } = await t.register({
        edition: 2019,
        province: 0,
        city: 0,
        maker: 'BENCH',
        model: 'B-808',
        terminalId: String(i),
        plateColour: 0,
        plate: '',
      });
      return code !== null && (await t.authenticate(code)) === 0;
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const online = await gateway.connected();
  await Promise.all(terminals.map((t) => t.close()));
  return { terminals: count, seconds: Math.round(seconds * 10) / 10, authenticated: outcomes.filter(Boolean).length, online };
}

/** A picture of `bytes` bytes: a JPEG's first bytes, then noise (the store checks the type by its signature). */
function pictureOf(bytes: number, seed: number): Uint8Array {
  const picture = new Uint8Array(bytes);
  let state = seed + 1;
  for (let i = 0; i < bytes; i += 1) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    picture[i] = state >>> 16;
  }
  picture.set([0xff, 0xd8, 0xff, 0xe0]);
  return picture;
}

/** An ADAS alarm of a seeded terminal with ATTACHMENT.files pictures: seconds from the list (0x1210) to the last stored. */
async function attachmentUpload(port: number) {
  const terminal = terminalNumber(0);
  const t = new Jt808Terminal({ host: '127.0.0.1', port, terminal, version: 2013, replyTimeoutMs: 60_000 });
  await t.connect();
  try {
    if ((await t.authenticate('jt_bench_0')) !== 0) throw new Error('terminal 0 not authenticated');
    const asked = t.next(ID.attachmentRequest, 30_000);
    const time = bcdNow();
    const mark = { terminalId: 'BENCH00', time, serial: 1, attachments: ATTACHMENT.files };
    const alarm = { item: 0x64 as const, alarmId: 1, flag: 0, type: 1, level: 1, speed: 30, lat: 59.9, lng: 10, time, mark };
    await t.location(location({ lat: 59.9, lng: 10, time, speed: 30, safety: [alarm] }));
    const request = readAttachmentRequest((await asked).body);
    const files = Array.from({ length: ATTACHMENT.files }, (_, i) => ({
      name: alarmFileName('picture', 1, '6401', i, request.alarmNumber),
      type: ATTACHMENT_TYPE.picture,
      bytes: pictureOf(ATTACHMENT.bytes, i),
    }));
    const started = performance.now();
    const outcome = await uploadAttachments(request, files, { terminal, version: 2013, terminalId: 'BENCH00', replyTimeoutMs: 60_000 });
    const seconds = (performance.now() - started) / 1000;
    return {
      files: ATTACHMENT.files,
      mb: (ATTACHMENT.files * ATTACHMENT.bytes) / 1024 / 1024,
      stored: outcome.stored,
      seconds: Math.round(seconds * 100) / 100,
      'MB/s': Math.round(((ATTACHMENT.files * ATTACHMENT.bytes) / 1024 / 1024 / seconds) * 10) / 10,
    };
  } finally {
    await t.close();
  }
}

async function runOn(kind: 'postgres' | 'pglite', databaseUrl: string | undefined) {
  const gateway = await GatewayProcess.start(databaseUrl, { BENCH_DEVICES: String(TERMINALS), BENCH_TERMINALS: String(TERMINALS) });
  try {
    const port = gateway.jt808Port;
    if (!port) throw new Error('no JT/T 808 listener');
    const terminals = await seededTerminals(port);
    const jt808 = await measure(gateway, TIMING.windowMs, terminalsReporting(terminals));
    const saturation = await measure(gateway, TIMING.saturationMs, saturating(terminals));
    await Promise.all(terminals.map((t) => t.close()));
    const devices = await connectDevices(gateway.port, TERMINALS);
    const mqtt = await measure(gateway, TIMING.windowMs, devicesReporting(devices));
    await Promise.all(devices.map((device) => device.client.endAsync()));
    const storm = await registrationStorm(gateway, port, TERMINALS);
    const attachments = await attachmentUpload(port);
    return { kind, jt808, mqtt, saturation, storm, attachments };
  } finally {
    await gateway.stop();
  }
}

export async function benchJt808() {
  const runs = [];
  const postgres = await throwawayDatabase('JT/T 808 on PostgreSQL', (url) => runOn('postgres', url)).catch((err: unknown) => {
    console.log(`\nJT/T 808 on PostgreSQL failed: ${String(err)}`);
    return undefined;
  });
  if (postgres) runs.push(postgres);
  if (process.env.BENCH_ONLY !== 'postgres') runs.push(await runOn('pglite', undefined));
  printTable(
    `JT/T 808 beside MQTT: ${TERMINALS} units, one position every ${REPORT_EVERY_MS / 1000} s each (${TIMING.windowMs / 1000} s window)`,
    runs.flatMap((run) =>
      (['jt808', 'mqtt', 'saturation'] as const).map((load) => ({
        database: run.kind,
        load: load === 'saturation' ? `JT/T 808 saturated (0x0704 × ${SATURATION_BATCH})` : load === 'jt808' ? 'JT/T 808' : 'MQTT',
        'positions/s': run[load].positionsPerSecond,
        'msgs/s': run[load].messagesPerSecond,
        'process cores': run[load].cores,
        'RSS MB': run[load].rssMb,
        'lag p50 ms': run[load].lagP50Ms,
        'lag p95 ms': run[load].lagP95Ms,
      })),
    ),
  );
  printTable(
    'JT/T 808 registration storm',
    runs.map((run) => ({ database: run.kind, ...run.storm })),
  );
  printTable(
    `JT/T 808 active-safety attachments: ${ATTACHMENT.files} files × ${ATTACHMENT.bytes / 1024 / 1024} MB of one alarm`,
    runs.map((run) => ({ database: run.kind, ...run.attachments })),
  );
  const result = { terminals: TERMINALS, timing: TIMING, runs };
  await saveResult('jt808', result);
  return result;
}
