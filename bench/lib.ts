import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PUSH_PATH } from '@safety-shield/contract';
import mqtt from 'mqtt';
import pg from 'pg';
import WebSocket from 'ws';
import { type Portal, startPortal } from '../e2e/portal.js';
import { loginToken } from './client.js';

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

export function printTable(title: string, rows: Record<string, string | number>[]) {
  console.log(`\n${title}`);
  console.table(rows);
}

export async function saveResult(name: string, result: unknown) {
  const dir = path.resolve('bench/results');
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, `${name}.json`), `${JSON.stringify({ at: new Date().toISOString(), ...(result as object) }, null, 2)}\n`);
}

const SERVER = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Runs `run` on a throw-away database of the PostgreSQL server (dropped afterwards); answers undefined, saying so,
 * when no server answers.
 */
export async function throwawayDatabase<T>(label: string, run: (databaseUrl: string) => Promise<T>): Promise<T | undefined> {
  const admin = new pg.Client({ connectionString: SERVER, connectionTimeoutMillis: 1500 });
  try {
    await admin.connect();
  } catch {
    console.log(`\n${label}: no PostgreSQL server answers, skipped`);
    return undefined;
  }
  const name = `ss_bench_${randomBytes(4).toString('hex')}`;
  try {
    await admin.query(`create database ${name}`);
    const url = new URL(SERVER);
    url.pathname = `/${name}`;
    return await run(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/** The Super Admin's password on the portals the benchmarks start. */
export const BENCH_ADMIN_PASSWORD = 'Bench1234admin';

/**
 * Runs a benchmark against a portal (Super Admin password BENCH_ADMIN_PASSWORD unless `env` says otherwise) on a
 * throw-away database of the PostgreSQL server; answers undefined, saying so, when no server answers.
 */
export function onPostgres<T>(label: string, env: Record<string, string>, run: (portal: Portal, databaseUrl: string) => Promise<T>) {
  return throwawayDatabase(label, async (databaseUrl) => {
    const portal = await startPortal({
      DATABASE_URL: databaseUrl,
      ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
      LOG_LEVEL: 'error',
      CAPTCHA_COMPLEXITY: '1000',
      RATE_LIMIT_LOGIN_PER_MINUTE: '0',
      ...env,
    });
    try {
      return await run(portal, databaseUrl);
    } finally {
      await portal.stop();
    }
  });
}

export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** The median, 95th and 99th percentile of latencies in ms. */
export function latencyPercentiles(latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { p50Ms: percentile(sorted, 50), p95Ms: percentile(sorted, 95), p99Ms: percentile(sorted, 99) };
}

/** Those percentiles as the columns of a printed table. */
export const latencyColumns = (ms: ReturnType<typeof latencyPercentiles>) => ({
  'p50 ms': ms.p50Ms,
  'p95 ms': ms.p95Ms,
  'p99 ms': ms.p99Ms,
});

/** A portal on embedded PGlite with that password, quick robot checks and no limit on writes. */
export const startBenchPortal = () =>
  startPortal({ ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD, CAPTCHA_COMPLEXITY: '1000', RATE_LIMIT_WRITES_PER_SECOND: '0' });

/**
 * The Super Admin's session and API on a portal (`api` answers an envelope's data and throws on any other code), and
 * a new agent with a company, its fleet and its provisioning key.
 */
export async function benchCompany(portal: Portal, password: string) {
  const token = await loginToken(portal.url, 'admin', password);
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${portal.url}${path}`, {
      method,
      headers: { 'x-token': token, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const envelope = await res.json();
    if (envelope.code !== 200) throw new Error(`${method} ${path}: ${JSON.stringify(envelope)}`);
    return envelope.data;
  };
  const agent = (await api('POST', '/v1/org/agent', { name: 'Bench agent' })).id;
  const company = (await api('POST', '/v1/org/company', { parentId: agent, name: 'Bench company' })).id;
  const fleet = (await api('POST', '/v1/org/fleet', { parentId: company, name: 'Bench fleet' })).id;
  const { key } = await api('POST', '/v1/device/provisioning', { companyId: company });
  return { token, api, company, fleet, key: key as string };
}

/**
 * The Super Admin's session on a portal, and `count` MQTT devices (`{prefix}-0000`…) that provisioned themselves with
 * a new company's key, each bound to a vehicle of its own (plate = UUID): the set-up of the push benchmarks.
 */
export async function boundDevices(portal: Portal, password: string, prefix: string, count: number) {
  const { token, api, company, fleet, key } = await benchCompany(portal, password);
  const clients: mqtt.MqttClient[] = [];
  for (let i = 0; i < count; i++) {
    const uuid = `${prefix}-${String(i).padStart(4, '0')}`;
    const client = mqtt.connect(portal.mqttUrl, { clientId: uuid, username: uuid, password: key, clean: true, reconnectPeriod: 0 });
    await new Promise((resolve, reject) => client.once('connect', resolve).once('error', reject));
    clients.push(client);
  }
  const devices = (await api('GET', `/v1/device/list?matched=false&limit=500&companyId=${company}`)).records as {
    deviceId: number;
    deviceUuid: string;
  }[];
  const vehicleIds: number[] = [];
  for (const device of devices) {
    const vehicleId = (await api('POST', '/v1/vehicle', { licensePlate: device.deviceUuid, fleetId: fleet })).id;
    await api('PUT', '/v1/vehicle/bind', { vehicleId, deviceId: device.deviceId });
    vehicleIds.push(vehicleId);
  }
  return { token, clients, vehicleIds };
}

/**
 * Runs a push benchmark on a portal of its own (`startBenchPortal`) with `count` bound devices (`boundDevices`); the
 * devices disconnect and the portal stops once `run` is done.
 */
export async function withBoundDevices<T>(
  prefix: string,
  count: number,
  run: (devices: Awaited<ReturnType<typeof boundDevices>>, portal: Portal) => Promise<T>,
): Promise<T> {
  const portal = await startBenchPortal();
  let clients: mqtt.MqttClient[] = [];
  try {
    const devices = await boundDevices(portal, BENCH_ADMIN_PASSWORD, prefix, count);
    clients = devices.clients;
    return await run(devices, portal);
  } finally {
    for (const client of clients) client.end(true);
    await portal.stop();
  }
}

/** A console WebSocket to the portal's push channel, open (the portal says nothing before it is spoken to). */
export async function openPushSocket(portalUrl: string): Promise<WebSocket> {
  const socket = new WebSocket(`${portalUrl.replace('http', 'ws')}${PUSH_PATH}`);
  await new Promise((resolve) => socket.once('open', resolve));
  return socket;
}

/** Resident memory (bytes) of a process now (Linux /proc; 0 elsewhere). */
export async function rssBytes(pid: number | undefined): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
}

/**
 * Every unit reports on its period, the units' first reports spread evenly over one period; `report` resolves with
 * what the portal took when it answered. The stop waits `settleMs` for the last answers.
 */
export function periodic<U>(units: U[], periodMs: number, report: (unit: U) => Promise<number>, settleMs = 2_000) {
  return (record: (positions: number, latencyMs: number) => void) => {
    const timers = units.map((unit, i) => {
      let interval: NodeJS.Timeout | undefined;
      const tick = () => {
        const sent = performance.now();
        report(unit).then(
          (n) => record(n, performance.now() - sent),
          () => {},
        );
      };
      const first = setTimeout(
        () => {
          tick();
          interval = setInterval(tick, periodMs);
        },
        (periodMs * i) / units.length,
      );
      return () => {
        clearTimeout(first);
        clearInterval(interval);
      };
    });
    return async () => {
      for (const clear of timers) clear();
      await new Promise((resolve) => setTimeout(resolve, settleMs));
    };
  };
}
