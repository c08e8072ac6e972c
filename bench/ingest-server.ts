import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { buildApp } from '../packages/server/src/app.js';
import { openDatabase } from '../packages/server/src/db/client.js';
import { DevicePort } from '../packages/server/src/device-port/index.js';
import { startGateway } from '../packages/server/src/gateway/index.js';
import { hashToken } from '../packages/server/src/http/tokens.js';
import { startJt808 } from '../packages/server/src/jt808/index.js';
import { BENCH_TERMINAL_BASE } from './jt808-numbers.js';

/**
 * The gateway and the device intake behind it (the app, not listening) in a process of their own (bench/ingest.ts
 * starts it), so their CPU can be measured apart from the simulated devices. Seeds BENCH_DEVICES devices `BENCH-{i}` with secret `ds_bench_{i}`, each bound to a vehicle.
 * IPC: sends { port } when ready; answers 'usage' with its CPU time and 'stop' by closing and reporting what is stored.
 */
const devices = Number(process.env.BENCH_DEVICES ?? 1000);
/** JT/T 808 terminals seeded beside the MQTT devices (bench/jt808.ts): number `terminalNumber(i)`, code `jt_bench_{i}`. */
const terminals = Number(process.env.BENCH_TERMINALS ?? 0);
const database = await openDatabase(process.env.BENCH_DATABASE_URL ? { url: process.env.BENCH_DATABASE_URL } : {});
const { db } = database;

await db.execute(sql`insert into org (kind, name) values ('agent', 'Bench agent')`);
await db.execute(sql`update org set belong_agent_id = id where kind = 'agent'`);
await db.execute(
  sql`insert into org (kind, name, parent_id, belong_agent_id) select 'company', 'Bench company', id, id from org where kind = 'agent'`,
);
await db.execute(sql`update org set belong_company_id = id where kind = 'company'`);
/** Vehicles `{prefix} 1` to `{prefix} {count}` of the bench company, for the devices bound to them. */
const seedVehicles = (prefix: string, count: number) =>
  db.execute(sql`
    insert into vehicle (license_plate, belong_agent_id, belong_company_id)
    select ${prefix}::text || ' ' || g, c.belong_agent_id, c.id from org c, generate_series(1, ${count}) g where c.kind = 'company'`);

await seedVehicles('BENCH', devices);
const hashes = Array.from({ length: devices }, (_, i) => hashToken(`ds_bench_${i}`));
await db.execute(sql`
  insert into device (device_uuid, secret_hash, vehicle_id, bound_at, belong_agent_id, belong_company_id)
  select 'BENCH-' || (g - 1), (${sql.param(hashes)}::text[])[g], v.id, now() - interval '1 day', v.belong_agent_id, v.belong_company_id
  from generate_series(1, ${devices}) g join vehicle v on v.license_plate = 'BENCH ' || g`);

if (terminals > 0) {
  await seedVehicles('JTB', terminals);
  const codes = Array.from({ length: terminals }, (_, i) => hashToken(`jt_bench_${i}`));
  await db.execute(sql`
    insert into device (device_uuid, protocol, vehicle_id, bound_at, belong_agent_id, belong_company_id)
    select (${BENCH_TERMINAL_BASE}::bigint + g - 1)::text, 'jt808', v.id, now() - interval '1 day', v.belong_agent_id, v.belong_company_id
    from generate_series(1, ${terminals}) g join vehicle v on v.license_plate = 'JTB ' || g`);
  await db.execute(sql`
    insert into jt808_terminal (device_id, terminal_no, code_hash)
    select d.id, d.device_uuid, (${sql.param(codes)}::text[])[(d.device_uuid::bigint - ${BENCH_TERMINAL_BASE}::bigint + 1)::int]
    from device d where d.protocol = 'jt808'`);
}

const devicePort = new DevicePort(db);
const app = await buildApp(
  {
    adminPassword: 'Bench1234admin',
    sessionIdleMinutes: 30,
    captchaComplexity: 20,
    logLevel: 'warn',
    secretKey: randomBytes(32),
    rateLoginPerMinute: 0,
    rateWritesPerSecond: 0,
    dataDir: mkdtempSync(path.join(tmpdir(), 'bench-ingest-')),
  },
  database,
  {
    logger: false,
    deviceCommands: devicePort,
    // Tuning experiments: BENCH_FLUSH_MS / BENCH_FLUSH_POINTS override the position writer's defaults.
    positions: {
      ...(process.env.BENCH_FLUSH_MS ? { flushIntervalMs: Number(process.env.BENCH_FLUSH_MS) } : {}),
      ...(process.env.BENCH_FLUSH_POINTS ? { flushPoints: Number(process.env.BENCH_FLUSH_POINTS) } : {}),
    },
  },
);
/** What both adapters are given: the database, the intake they report to and the port that sends their commands. */
const adapter = { db, log: pino({ level: 'warn' }), intake: app.deviceIntake, devicePort };
const gateway = await startGateway({ ...adapter, mqttPort: 0, mqttHost: '127.0.0.1' });
const jt808 = terminals > 0 ? await startJt808({ ...adapter, port: 0, attachmentPort: 0, host: '127.0.0.1', policy: 'open' }) : undefined;

const send = (message: unknown) => process.send?.(message);
process.on('message', async (message) => {
  if (message === 'usage') {
    const cpu = process.cpuUsage();
    send({ usage: { cpuMicros: cpu.user + cpu.system, atMs: performance.now(), rssMb: Math.round(process.memoryUsage().rss / 1e6) } });
  } else if (message === 'connected') {
    send({ connected: jt808?.connected ?? 0 });
  } else if (message === 'stop') {
    await jt808?.close();
    await gateway.close();
    await app.close();
    const counted = await db.execute(sql`select count(*)::int as points from gps_point`);
    const stored = (counted as unknown as { rows: { points: number }[] }).rows[0]?.points;
    await database.close();
    send({ stopped: { stored } });
    process.exit(0);
  }
});
send({ port: gateway.port, jt808Port: jt808?.port });
