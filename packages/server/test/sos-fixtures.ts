import { randomBytes } from 'node:crypto';
import { PUSH_PATH, type PushServerMessage } from '@safety-shield/contract';
import type { SimDevice } from '@safety-shield/device-sim';
import WebSocket from 'ws';
import { localBus } from '../src/bus/bus.js';
import type { Db } from '../src/db/client.js';
import { vehicle } from '../src/db/schema.js';
import { seedCompany, seedDevice, seedOrg } from './gateway-fixtures.js';
import { login } from './helpers.js';
import { signedIn, type Tree } from './identity-fixtures.js';
import { type PortalOptions, portalWithGateway, simulator } from './portal-fixtures.js';

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
  const fleetId = await seedOrg(db, {
    kind: 'fleet',
    name: `Fleet ${label}`,
    parentId: company.companyId,
    belongAgentId: company.agentId,
    belongCompanyId: company.companyId,
  });
  const plate = `SOS ${label}`.toUpperCase().slice(0, 20);
  const [car] = await db
    .insert(vehicle)
    .values({ licensePlate: plate, belongAgentId: company.agentId, belongCompanyId: company.companyId, belongFleetId: fleetId })
    .returning({ id: vehicle.id });
  if (!car) throw new Error('no vehicle');
  const uuid = `SOS-${label}-${randomBytes(3).toString('hex')}`.toUpperCase();
  const { id: deviceId, secret } = await seedDevice(db, company, uuid, {
    belongFleetId: fleetId,
    vehicleId: car.id,
    boundAt: new Date(Date.now() - 3_600_000),
  });
  return {
    tree: { agent: company.agentId, company: company.companyId, fleet: fleetId, site: 0 },
    vehicleId: car.id,
    plate,
    deviceId,
    uuid,
    secret,
  };
}

/** The fleet's device as the reference simulator, started (quiet: one GPS batch a minute). */
export async function simulatorOf(fleet: SosFleet, brokerUrl: string): Promise<SimDevice> {
  const sim = simulator(brokerUrl, fleet.uuid, fleet.secret);
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
 * A listening portal with its gateway, two companies (`mine`, `theirs`, labelled `<prefix>Mine` and `<prefix>Theirs`)
 * with a bound device each, and sessions of the roles that matter for alarms and commands (named `<prefix>.company` …
 * in lower case): what the S.O.S, device-alert, configuration and lock tests share.
 */
export async function portalWithFleets(prefix: string, options: PortalOptions = {}) {
  const portal = await portalWithGateway(options);
  const mine = await seedSosFleet(portal.database.db, `${prefix}Mine`);
  const theirs = await seedSosFleet(portal.database.db, `${prefix}Theirs`);
  const name = prefix.toLowerCase();
  const tokens = {
    super: await login(portal.app),
    company: (await signedIn(portal, `${name}.company`, 'COMPANY_ADMIN', mine.tree)).token,
    fleet: (await signedIn(portal, `${name}.fleet`, 'FLEET_ADMIN', mine.tree)).token,
    site: (await signedIn(portal, `${name}.site`, 'SITE_ADMIN', { ...mine.tree, site: mine.tree.fleet })).token,
    other: (await signedIn(portal, `${name}.other`, 'COMPANY_ADMIN', theirs.tree)).token,
  };
  return { portal, mine, theirs, tokens };
}

/** `portalWithFleets` on a bus of the test's own, as main.ts runs them. */
export async function alarmWorld(prefix: string) {
  const { portal, mine, theirs, tokens } = await portalWithFleets(prefix, { bus: localBus() });
  const { gateway, baseUrl, brokerUrl, close } = portal;
  return { ctx: portal, gateway, mine, theirs, tokens, baseUrl, brokerUrl, close };
}
