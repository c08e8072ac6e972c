import { randomBytes } from 'node:crypto';
import { PUSH_PATH, type PushServerMessage } from '@safety-shield/contract';
import { memoryCredentialStore, SimDevice } from '@safety-shield/device-sim';
import { eq } from 'drizzle-orm';
import WebSocket from 'ws';
import { buildApp } from '../src/app.js';
import type { Db } from '../src/db/client.js';
import { device, org, vehicle } from '../src/db/schema.js';
import { localBus } from '../src/events/bus.js';
import { gatewayOnBus } from '../src/events/gateway-bus.js';
import { startGateway } from '../src/gateway/index.js';
import { hashToken } from '../src/modules/account/sessions.js';
import { capturedLog, recorder, seedCompany } from './gateway-fixtures.js';
import { login, testConfig, testDatabase } from './helpers.js';
import type { Tree } from './identity-fixtures.js';
import { signedIn } from './identity-fixtures.js';

export interface SosFleet {
  tree: Tree;
  vehicleId: number;
  plate: string;
  deviceId: number;
  uuid: string;
  secret: string;
}

/** An agent, company and fleet with one vehicle and a device bound to it that holds a secret. */
export async function seedSosFleet(db: Db, label: string): Promise<SosFleet> {
  const company = await seedCompany(db, label);
  const [fleet] = await db
    .insert(org)
    .values({
      kind: 'fleet',
      name: `Fleet ${label}`,
      parentId: company.companyId,
      belongAgentId: company.agentId,
      belongCompanyId: company.companyId,
    })
    .returning({ id: org.id });
  if (!fleet) throw new Error('no fleet');
  await db.update(org).set({ belongFleetId: fleet.id }).where(eq(org.id, fleet.id));
  const plate = `SOS ${label}`.toUpperCase().slice(0, 20);
  const [car] = await db
    .insert(vehicle)
    .values({ licensePlate: plate, belongAgentId: company.agentId, belongCompanyId: company.companyId, belongFleetId: fleet.id })
    .returning({ id: vehicle.id });
  if (!car) throw new Error('no vehicle');
  const uuid = `SOS-${label}-${randomBytes(3).toString('hex')}`.toUpperCase();
  const secret = `ds_${randomBytes(32).toString('base64url')}`;
  const [row] = await db
    .insert(device)
    .values({
      deviceUuid: uuid,
      secretHash: hashToken(secret),
      channels: 1,
      belongAgentId: company.agentId,
      belongCompanyId: company.companyId,
      belongFleetId: fleet.id,
      vehicleId: car.id,
      boundAt: new Date(Date.now() - 3_600_000),
    })
    .returning({ id: device.id });
  if (!row) throw new Error('no device');
  return {
    tree: { agent: company.agentId, company: company.companyId, fleet: fleet.id, site: 0 },
    vehicleId: car.id,
    plate,
    deviceId: row.id,
    uuid,
    secret,
  };
}

/** The fleet's device as the reference simulator, started (quiet: one GPS batch a minute). */
export async function simulatorOf(fleet: SosFleet, brokerUrl: string): Promise<SimDevice> {
  const sim = new SimDevice({
    uuid: fleet.uuid,
    brokerUrl,
    credentials: memoryCredentialStore({ [fleet.uuid]: fleet.secret }),
    gpsIntervalMs: 60_000,
    reconnectDelayMs: { min: 100, max: 200 },
  });
  if (!(await sim.start())) throw new Error(`${fleet.uuid} did not connect`);
  return sim;
}

/** A signed-in console socket that keeps every message it got. */
export async function consoleSocket(baseUrl: string, token: string) {
  const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}${PUSH_PATH}`);
  const received: PushServerMessage[] = [];
  socket.on('message', (raw) => received.push(JSON.parse(String(raw))));
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  const next = async <T extends PushServerMessage['type']>(type: T, timeoutMs = 5_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const index = received.findIndex((m) => m.type === type);
      if (index >= 0) return received.splice(index, 1)[0] as Extract<PushServerMessage, { type: T }>;
      if (Date.now() > deadline) throw new Error(`no ${type} message; got ${JSON.stringify(received)}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  socket.send(JSON.stringify({ type: 'auth', token }));
  await next('ready');
  return { socket, received, next, close: () => socket.close() };
}

/**
 * A listening portal with its gateway wired onto the bus as main.ts wires them, two companies (`mine`, `theirs`) with
 * a bound device each, and sessions of the roles that matter for alarms: what the S.O.S and device-alert tests share.
 */
export async function alarmWorld(prefix: string) {
  const bus = localBus();
  const database = await testDatabase();
  const app = await buildApp(testConfig, database, { logger: false, bus });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const ctx = { app, database, close: async () => {} };
  const gateway = await startGateway({
    db: database.db,
    log: capturedLog().log,
    mqttPort: 0,
    events: { ...recorder(), ...gatewayOnBus(bus) },
  });
  const mine = await seedSosFleet(database.db, `${prefix}Mine`);
  const theirs = await seedSosFleet(database.db, `${prefix}Theirs`);
  const name = prefix.toLowerCase();
  const tokens = {
    super: await login(app),
    company: (await signedIn(ctx, `${name}.company`, 'COMPANY_ADMIN', mine.tree)).token,
    fleet: (await signedIn(ctx, `${name}.fleet`, 'FLEET_ADMIN', mine.tree)).token,
    site: (await signedIn(ctx, `${name}.site`, 'SITE_ADMIN', { ...mine.tree, site: mine.tree.fleet })).token,
    other: (await signedIn(ctx, `${name}.other`, 'COMPANY_ADMIN', theirs.tree)).token,
  };
  return {
    ctx,
    gateway,
    mine,
    theirs,
    tokens,
    baseUrl: `http://127.0.0.1:${(app.server.address() as { port: number }).port}`,
    brokerUrl: `mqtt://127.0.0.1:${gateway.port}`,
    async close() {
      await gateway.close();
      await app.close();
      await database.close();
    },
  };
}
