import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import pino, { type LoggerOptions } from 'pino';
import { type AppParts, buildApp } from '../src/app.js';
import { type Bus, type BusMessages, localBus } from '../src/bus/bus.js';
import type { Database, Db } from '../src/db/client.js';
import { device, org } from '../src/db/schema.js';
import { DevicePort } from '../src/device-port/index.js';
import { type GatewayOptions, startGateway } from '../src/gateway/index.js';
import { hashToken } from '../src/http/tokens.js';
import { testConfig, testDatabase } from './helpers.js';

/** A logger that keeps its lines, so a test can see what the gateway warned about (with the app's serializers when given). */
export function capturedLog(options: LoggerOptions = {}): { log: FastifyBaseLogger; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk, _encoding, next) {
      lines.push(JSON.parse(String(chunk)));
      next();
    },
  });
  return { log: pino({ ...options, level: 'debug' }, sink), lines };
}

/**
 * A portal node's parts around its device adapters, over `database`, as main.ts builds them: the device port first,
 * then the app (not listening) with the modules on it, whose `deviceIntake` the adapters feed.
 */
export async function nodeParts(database: Database, parts: Omit<AppParts, 'deviceCommands'> = {}) {
  const devicePort = new DevicePort(database.db);
  const app = await buildApp(testConfig, database, { logger: false, ...parts, deviceCommands: devicePort });
  return { app, devicePort };
}

export type TestGatewayOptions = Partial<Omit<GatewayOptions, 'db' | 'intake' | 'devicePort'>> & Pick<AppParts, 'positions'>;

/**
 * The MQTT gateway (embedded broker on a free port unless `options` say otherwise) of a node of its own over
 * `database`, as main.ts starts it: its app's bus is `bus`, and both log to `options.log`. `close` stops the gateway,
 * then the app.
 */
export async function nodeGateway(database: Database, options: TestGatewayOptions = {}) {
  const { positions, log = capturedLog().log, ...gatewayOptions } = options;
  const bus = localBus();
  // One log for the gateway and the app, whose modules log what becomes of the devices' reports.
  const { app, devicePort } = await nodeParts(database, { bus, positions, log });
  const gateway = await startGateway({ db: database.db, log, mqttPort: 0, ...gatewayOptions, intake: app.deviceIntake, devicePort });
  return {
    app,
    bus,
    devicePort,
    gateway,
    port: gateway.port ?? 0,
    async close() {
      await gateway.close();
      await app.close();
    },
  };
}

/**
 * The device gateway with its embedded broker on a free port, over a fresh test database, as the gateway tests run it:
 * its log lines are kept in `logLines`. `close` stops the gateway, its app and the database.
 */
export async function gatewayOnTestDatabase(options: TestGatewayOptions = {}) {
  const database = await testDatabase();
  const { log, lines } = capturedLog();
  const node = await nodeGateway(database, { log, ...options });
  return {
    ...node,
    database,
    logLines: lines,
    async close() {
      await node.close();
      await database.close();
    },
  };
}

/** Every message of these kinds the bus carries from now on, by kind. */
export function busRecorder<K extends keyof BusMessages>(bus: Bus, kinds: K[]): { [P in K]: Array<BusMessages[P]> } {
  const seen = {} as { [P in K]: Array<BusMessages[P]> };
  for (const kind of kinds) {
    const list: Array<BusMessages[typeof kind]> = [];
    seen[kind] = list;
    bus.subscribe(kind, (message) => list.push(message));
  }
  return seen;
}

export interface Company {
  agentId: number;
  companyId: number;
  key: string;
}

/** The column that makes an organisation of each kind belong to itself, as the console's organisations do. */
const ownColumn = { agent: 'belongAgentId', company: 'belongCompanyId', fleet: 'belongFleetId' } as const;

/** An organisation row that belongs to itself at its own level; answers its id. */
export async function seedOrg(db: Db, values: typeof org.$inferInsert & { kind: keyof typeof ownColumn }): Promise<number> {
  const [row] = await db.insert(org).values(values).returning({ id: org.id });
  if (!row) throw new Error(`no ${values.kind}`);
  await db
    .update(org)
    .set({ [ownColumn[values.kind]]: row.id })
    .where(eq(org.id, row.id));
  return row.id;
}

/** An agent with one company holding a provisioning key. */
export async function seedCompany(
  db: Db,
  name: string,
  options: { companyQuota?: number | null; agentQuota?: number | null; forbidden?: boolean } = {},
): Promise<Company> {
  const key = `pk_${randomBytes(24).toString('base64url')}`;
  const agentId = await seedOrg(db, { kind: 'agent', name: `Agent ${name}`, deviceQuota: options.agentQuota ?? null });
  const companyId = await seedOrg(db, {
    kind: 'company',
    name: `Company ${name}`,
    parentId: agentId,
    belongAgentId: agentId,
    deviceQuota: options.companyQuota ?? null,
    state: options.forbidden ? 'forbidden' : 'enabled',
    provisioningKeyHash: hashToken(key),
  });
  return { agentId, companyId, key };
}

/** A one-channel device of the company holding a secret (`fields` add to or change the row); answers its id and secret. */
export async function seedDevice(db: Db, company: Company, uuid: string, fields: Partial<typeof device.$inferInsert> = {}) {
  const secret = `ds_${randomBytes(32).toString('base64url')}`;
  const [row] = await db
    .insert(device)
    .values({
      deviceUuid: uuid,
      secretHash: hashToken(secret),
      channels: 1,
      belongAgentId: company.agentId,
      belongCompanyId: company.companyId,
      ...fields,
    })
    .returning({ id: device.id });
  if (!row) throw new Error('no device');
  return { id: row.id, secret };
}

/** A seeded device with its UUID: what a test connects it by. */
export interface SeededDevice {
  uuid: string;
  id: number;
  secret: string;
}

/** `seedDevice`, answering the UUID with the id and secret. */
export async function seededDevice(
  db: Db,
  company: Company,
  uuid: string,
  fields: Partial<typeof device.$inferInsert> = {},
): Promise<SeededDevice> {
  return { uuid, ...(await seedDevice(db, company, uuid, fields)) };
}

/** A device's MQTT connection as the protocol wants it: clientId = username = uuid, clean = false. */
export function connectDevice(port: number, uuid: string, password: string, options: IClientOptions = {}): Promise<MqttClient> {
  return mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
    clientId: uuid,
    username: uuid,
    password,
    clean: false,
    keepalive: 30,
    reconnectPeriod: 0,
    connectTimeout: 5_000,
    ...options,
  });
}

/** The CONNACK code a refused connection got. */
export async function refusal(port: number, uuid: string, password: string): Promise<number | undefined> {
  try {
    const client = await connectDevice(port, uuid, password);
    await client.endAsync();
    return 0;
  } catch (err) {
    return (err as { code?: number }).code;
  }
}

let counter = 0;
export const message = (body: Record<string, unknown>) =>
  Buffer.from(JSON.stringify({ v: 1, id: `m${++counter}`, at: Date.now(), ...body }));

/** Points along a street heading east, one a second, starting at `t0`. */
export function track(t0: number, count: number, metresPerSecond = 10, start = { lat: 59.91, lng: 10.75 }) {
  const degreesPerMetre = 1 / (111_320 * Math.cos((start.lat * Math.PI) / 180));
  return Array.from({ length: count }, (_, i) => ({
    t: t0 + i * 1000,
    lat: start.lat,
    lng: start.lng + i * metresPerSecond * degreesPerMetre,
    speed: metresPerSecond * 3.6,
    heading: 90,
    dbm: -71,
  }));
}

/**
 * Polls until the probe answers something. The deadline only tells "never" from "late": a loaded 2-core CI machine
 * once took more than 5 s for a device's hello to show it online.
 */
export async function waitFor<T>(probe: () => Promise<T> | T, timeoutMs = 15_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The next message a device receives on a topic. */
export function nextMessage(client: MqttClient, topicPart: string): Promise<{ topic: string; body: Record<string, unknown> }> {
  return new Promise((resolve) => {
    const listener = (topic: string, payload: Buffer) => {
      if (!topic.includes(topicPart)) return;
      client.off('message', listener);
      resolve({ topic, body: JSON.parse(payload.toString()) });
    };
    client.on('message', listener);
  });
}
