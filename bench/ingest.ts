import { type ChildProcess, spawn } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import mqtt, { type MqttClient } from 'mqtt';
import { median, periodic, printTable, saveResult, throwawayDatabase } from './lib.js';

const DEVICES = Number(process.env.BENCH_DEVICES ?? 1000);
/** Each load is measured for `windowMs` after `warmupMs`. */
const TIMING = { warmupMs: 3_000, windowMs: 15_000 } as const;
/** The target: this many points a second on PostgreSQL, the gateway process within this many cores. */
const TARGET = { pointsPerSecond: 20_000, gatewayCores: 1.5 } as const;
/** The rated load: a little above the target, in batches of 10 points per device. */
const RATED = { pointsPerSecond: 22_000, batch: 10 } as const;
/** The open throttle: each device keeps `inFlight` batches of `batch` points unacknowledged. */
const OPEN = { inFlight: 4, batch: 50 } as const;

/** CPU time of every PostgreSQL server process on this machine (Linux /proc; 0 elsewhere). */
async function postgresCpuMicros(): Promise<number> {
  let ticks = 0;
  const pids = await readdir('/proc').catch(() => [] as string[]);
  for (const pid of pids.filter((name) => /^\d+$/.test(name))) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    const close = stat.lastIndexOf(')');
    if (stat.slice(stat.indexOf('(') + 1, close) !== 'postgres') continue;
    const fields = stat.slice(close + 2).split(' ');
    ticks += Number(fields[11]) + Number(fields[12]); // utime and stime, in clock ticks of 10 ms
  }
  return ticks * 10_000;
}

interface Usage {
  cpuMicros: number;
  atMs: number;
  rssMb: number;
}

/** The gateway in its own process (bench/ingest-server.ts), so its CPU is its own. */
export class GatewayProcess {
  private constructor(
    readonly child: ChildProcess,
    readonly port: number,
    /** The JT/T 808 listener's, when the process seeded terminals (BENCH_TERMINALS). */
    readonly jt808Port: number | undefined,
  ) {}

  static async start(databaseUrl: string | undefined, env: Record<string, string> = {}): Promise<GatewayProcess> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/ingest-server.ts'], {
      env: { ...process.env, BENCH_DEVICES: String(DEVICES), BENCH_DATABASE_URL: databaseUrl ?? '', ...env },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const ports = await new Promise<{ port: number; jt808Port?: number }>((resolve, reject) => {
      child.once('message', (m) => resolve(m as { port: number; jt808Port?: number }));
      child.once('exit', (code) => reject(new Error(`gateway exited with ${code}`)));
    });
    return new GatewayProcess(child, ports.port, ports.jt808Port);
  }

  private ask<T>(question: string, key: string): Promise<T> {
    return new Promise((resolve) => {
      const listener = (m: unknown) => {
        if (m && typeof m === 'object' && key in m) {
          this.child.off('message', listener);
          resolve((m as Record<string, T>)[key] as T);
        }
      };
      this.child.on('message', listener);
      this.child.send(question);
    });
  }

  usage = () => this.ask<Usage>('usage', 'usage');
  /** JT/T 808 terminals authenticated now. */
  connected = () => this.ask<number>('connected', 'connected');
  stop = () => this.ask<{ stored: number }>('stop', 'stopped');
}

/** One simulated device: a cheap MQTT client publishing gps batches along a straight road. */
export class Device {
  private t = Date.now() - 3_600_000;
  private lng = 10 + Math.random();
  private sent = 0;
  constructor(
    readonly uuid: string,
    readonly client: MqttClient,
  ) {}

  batch(points: number): Buffer {
    const parts: string[] = [];
    for (let i = 0; i < points; i++) {
      this.t += 100;
      this.lng += 0.00002; // ~1 m in 100 ms: 36 km/h
      parts.push(`{"t":${this.t},"lat":59.9,"lng":${this.lng.toFixed(6)},"speed":36,"heading":90,"dbm":-71}`);
    }
    return Buffer.from(`{"v":1,"id":"${++this.sent}","at":${Date.now()},"points":[${parts.join(',')}]}`);
  }

  publish(points: number): Promise<void> {
    return new Promise((resolve, reject) =>
      this.client.publish(`dev/${this.uuid}/up/gps`, this.batch(points), { qos: 1 }, (err) => (err ? reject(err) : resolve())),
    );
  }
}

export async function connectDevices(port: number, count = DEVICES): Promise<Device[]> {
  const devices: Device[] = [];
  for (let start = 0; start < count; start += 100) {
    const group = Array.from({ length: Math.min(100, count - start) }, (_, k) => start + k);
    devices.push(
      ...(await Promise.all(
        group.map(async (i) => {
          const uuid = `BENCH-${i}`;
          const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
            clientId: uuid,
            username: uuid,
            password: `ds_bench_${i}`,
            clean: false,
            keepalive: 30,
            reconnectPeriod: 0,
          });
          return new Device(uuid, client);
        }),
      )),
    );
  }
  return devices;
}

interface Measured {
  pointsPerSecond: number;
  messagesPerSecond: number;
  gatewayCores: number;
  gatewayRssMb: number;
  postgresCores: number;
  loadCores: number;
  ackP50Ms: number;
  ackP99Ms: number;
}

/** Runs `drive` for warm-up + window and measures what was acknowledged inside the window. */
async function measure(gateway: GatewayProcess, drive: (record: (points: number, latencyMs: number) => void) => () => Promise<void>) {
  let points = 0;
  let messages = 0;
  let counting = false;
  const latencies: number[] = [];
  const stop = drive((n, latencyMs) => {
    if (!counting) return;
    points += n;
    messages++;
    latencies.push(latencyMs);
  });
  await new Promise((resolve) => setTimeout(resolve, TIMING.warmupMs));
  const before = await gateway.usage();
  const postgresBefore = await postgresCpuMicros();
  const load = process.cpuUsage();
  const started = performance.now();
  counting = true;
  await new Promise((resolve) => setTimeout(resolve, TIMING.windowMs));
  counting = false;
  const seconds = (performance.now() - started) / 1000;
  const after = await gateway.usage();
  const postgresUsed = (await postgresCpuMicros()) - postgresBefore;
  const loadUsed = process.cpuUsage(load);
  await stop();
  latencies.sort((a, b) => a - b);
  const measured: Measured = {
    pointsPerSecond: Math.round(points / seconds),
    messagesPerSecond: Math.round(messages / seconds),
    gatewayCores: Math.round(((after.cpuMicros - before.cpuMicros) / 1000 / (after.atMs - before.atMs)) * 100) / 100,
    gatewayRssMb: after.rssMb,
    postgresCores: Math.round((postgresUsed / 1e6 / seconds) * 100) / 100,
    loadCores: Math.round(((loadUsed.user + loadUsed.system) / 1e6 / seconds) * 100) / 100,
    ackP50Ms: Math.round(median(latencies)),
    ackP99Ms: Math.round(latencies[Math.floor(latencies.length * 0.99)] ?? 0),
  };
  return measured;
}

/** Every device publishes RATED.batch points on a fixed period, together RATED.pointsPerSecond. */
function rated(devices: Device[]) {
  const periodMs = (devices.length * RATED.batch * 1000) / RATED.pointsPerSecond;
  const publish = async (device: Device) => {
    await device.publish(RATED.batch);
    return RATED.batch;
  };
  return periodic(devices, periodMs, publish, 1_000); // a second for the last acks to come home
}

/** Every device keeps OPEN.inFlight batches unacknowledged: as fast as the gateway takes them. */
function unthrottled(devices: Device[]) {
  return (record: (points: number, latencyMs: number) => void) => {
    let running = true;
    const loops = devices.flatMap((device) =>
      Array.from({ length: OPEN.inFlight }, async () => {
        while (running) {
          const sent = performance.now();
          await device.publish(OPEN.batch);
          record(OPEN.batch, performance.now() - sent);
        }
      }),
    );
    return async () => {
      running = false;
      await Promise.allSettled(loops);
    };
  };
}

async function runOn(kind: 'postgres' | 'pglite', databaseUrl: string | undefined) {
  const gateway = await GatewayProcess.start(databaseUrl);
  const devices = await connectDevices(gateway.port);
  try {
    const ratedLoad = await measure(gateway, rated(devices));
    const openLoad = await measure(gateway, unthrottled(devices));
    return { kind, rated: ratedLoad, unthrottled: openLoad };
  } finally {
    await Promise.all(devices.map((device) => device.client.endAsync()));
    const { stored } = await gateway.stop();
    console.log(`${kind}: ${stored} points stored`);
  }
}

/**
 * Issue: the device gateway's gps ingest. DEVICES simulated devices publish gps batches through the embedded broker
 * into PostgreSQL (a fresh database) and into PGlite (in memory). Target: ≥ 20,000 points/s on PostgreSQL with the
 * gateway process below 1.5 cores.
 */
export async function benchIngest() {
  const runs = [];
  try {
    if (process.env.BENCH_ONLY === 'pglite') throw new Error('BENCH_ONLY=pglite');
    const run = await throwawayDatabase('Ingest on PostgreSQL', (url) => runOn('postgres', url));
    if (run) runs.push(run);
  } catch (err) {
    console.log(`\nIngest on PostgreSQL skipped: ${String(err)}`);
  }
  if (process.env.BENCH_ONLY !== 'postgres') runs.push(await runOn('pglite', undefined));

  const rows = runs.flatMap((run) =>
    (['rated', 'unthrottled'] as const).map((load) => ({
      database: run.kind,
      load: load === 'rated' ? `rated ${RATED.pointsPerSecond} pts/s` : `unthrottled (${OPEN.inFlight}×${OPEN.batch} in flight)`,
      'points/s': run[load].pointsPerSecond,
      'msgs/s': run[load].messagesPerSecond,
      'gateway cores': run[load].gatewayCores,
      'gateway RSS MB': run[load].gatewayRssMb,
      'ack p50 ms': run[load].ackP50Ms,
      'ack p99 ms': run[load].ackP99Ms,
      'PostgreSQL cores': run.kind === 'postgres' ? run[load].postgresCores : '-',
      'load cores': run[load].loadCores,
    })),
  );
  printTable(
    `GPS ingest: ${DEVICES} devices through the embedded broker (${TIMING.windowMs / 1000} s after ${TIMING.warmupMs / 1000} s warm-up)`,
    rows,
  );
  const result = { devices: DEVICES, windowMs: TIMING.windowMs, target: TARGET, runs };
  await saveResult('ingest', result);
  return result;
}
