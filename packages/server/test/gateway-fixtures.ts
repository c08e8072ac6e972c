import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import pino from 'pino';
import type { Db } from '../src/db/client.js';
import { org } from '../src/db/schema.js';
import type { GatewayEvents, PositionUpdate, PresenceUpdate } from '../src/gateway/index.js';
import { hashToken } from '../src/modules/account/sessions.js';

/** A logger that keeps its lines, so a test can see what the gateway warned about. */
export function capturedLog(): { log: FastifyBaseLogger; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk, _encoding, next) {
      lines.push(JSON.parse(String(chunk)));
      next();
    },
  });
  return { log: pino({ level: 'debug' }, sink), lines };
}

export interface Company {
  agentId: number;
  companyId: number;
  key: string;
}

/** An agent with one company holding a provisioning key. */
export async function seedCompany(
  db: Db,
  name: string,
  options: { companyQuota?: number | null; agentQuota?: number | null; forbidden?: boolean } = {},
): Promise<Company> {
  const key = `pk_${randomBytes(24).toString('base64url')}`;
  const [agentRow] = await db
    .insert(org)
    .values({ kind: 'agent', name: `Agent ${name}`, deviceQuota: options.agentQuota ?? null })
    .returning({ id: org.id });
  if (!agentRow) throw new Error('no agent');
  await db.update(org).set({ belongAgentId: agentRow.id }).where(eq(org.id, agentRow.id));
  const [companyRow] = await db
    .insert(org)
    .values({
      kind: 'company',
      name: `Company ${name}`,
      parentId: agentRow.id,
      belongAgentId: agentRow.id,
      deviceQuota: options.companyQuota ?? null,
      state: options.forbidden ? 'forbidden' : 'enabled',
      provisioningKeyHash: hashToken(key),
    })
    .returning({ id: org.id });
  if (!companyRow) throw new Error('no company');
  await db.update(org).set({ belongCompanyId: companyRow.id }).where(eq(org.id, companyRow.id));
  return { agentId: agentRow.id, companyId: companyRow.id, key };
}

export interface Recorded extends GatewayEvents {
  positionUpdates: PositionUpdate[];
  presenceUpdates: PresenceUpdate[];
  created: number[];
}

export function recorder(): Recorded {
  const positionUpdates: PositionUpdate[] = [];
  const presenceUpdates: PresenceUpdate[] = [];
  const created: number[] = [];
  return {
    positionUpdates,
    presenceUpdates,
    created,
    positions: (updates) => positionUpdates.push(...updates),
    presence: (update) => presenceUpdates.push(update),
    deviceCreated: (id) => created.push(id),
  };
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

export async function waitFor<T>(probe: () => Promise<T> | T, timeoutMs = 5_000): Promise<NonNullable<T>> {
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
