import { vehicleApi } from '@safety-shield/contract';
import { Jt808Terminal } from '@safety-shield/device-sim';
import { afterAll, expect } from 'vitest';
import { vehicle } from '../src/db/schema.js';
import { type Jt808Gateway, type Jt808Options, startJt808 } from '../src/jt808/index.js';
import { call } from './api-client.js';
import { capturedLog, nodeParts } from './gateway-fixtures.js';
import { login, testDatabase } from './helpers.js';
import { seedTree } from './identity-fixtures.js';

/** A JT/T 808 listener of a node as the tests start one: free ports, open registration, unless `options` say otherwise. */
export function testListener(
  database: Awaited<ReturnType<typeof testDatabase>>,
  log: Jt808Options['log'],
  node: Pick<Jt808Options, 'intake' | 'devicePort'>,
  options: Partial<Omit<Jt808Options, 'db' | 'log' | 'intake' | 'devicePort'>> = {},
): Promise<Jt808Gateway> {
  return startJt808({ db: database.db, log, ...node, port: 0, attachmentPort: 0, host: '127.0.0.1', policy: 'open', ...options });
}

/**
 * A portal node over a fresh test database as the JT/T 808 tests use it: the app (not listening) with its device
 * port, the Super Admin's token and one organisation tree. `gatewayOn` starts a JT/T 808 listener on it (a free port,
 * open registration, unless `options` say otherwise), `terminalOn` connects a terminal to one. After the file's tests
 * the node closes all of it: the devices (`closeAtEnd` adds others), the listeners, the app and the database.
 */
export async function jt808Node(label: string) {
  const database = await testDatabase();
  const { log, lines } = capturedLog();
  const { app, devicePort } = await nodeParts(database, { log });
  const ctx = { app, database, close: async () => {} };
  const admin = await login(app);
  const tree = await seedTree(ctx, admin, label);
  const devices: Array<() => Promise<void>> = [];
  const gateways: Jt808Gateway[] = [];
  afterAll(async () => {
    for (const close of devices) await close();
    for (const gateway of gateways) await gateway.close();
    await app.close();
    await database.close();
  });
  /** Closes a device after the file's tests, before the listeners. */
  const closeAtEnd = (close: () => Promise<void>) => void devices.push(close);
  const gatewayOn = async (options: Partial<Pick<Jt808Options, 'port' | 'policy' | 'limits' | 'attachmentAddress'>> = {}) => {
    const gateway = await testListener(database, log, { intake: app.deviceIntake, devicePort }, options);
    gateways.push(gateway);
    return gateway;
  };
  /** A simulated terminal connected to the listener on `port`. */
  const terminalOn = async (port: number, terminal: string, version: 2013 | 2019 = 2013) => {
    const t = new Jt808Terminal({ host: '127.0.0.1', port, terminal, version, replyTimeoutMs: 5_000 });
    await t.connect();
    closeAtEnd(() => t.close());
    return t;
  };
  /** A new vehicle of the tree's fleet with the device bound to it by the Super Admin; answers the vehicle's id. */
  const bindToNewVehicle = async (deviceId: number, plate: string) => {
    const [car] = await database.db
      .insert(vehicle)
      .values({ licensePlate: plate, belongAgentId: tree.agent, belongCompanyId: tree.company, belongFleetId: tree.fleet })
      .returning({ id: vehicle.id });
    if (!car) throw new Error('no vehicle');
    const res = await call(ctx, admin, vehicleApi.bind, { vehicleId: car.id, deviceId });
    expect(res, res.res.body).toMatchObject({ code: 200 });
    return car.id;
  };
  return { database, log, lines, app, devicePort, ctx, admin, tree, gatewayOn, terminalOn, closeAtEnd, bindToNewVehicle };
}

/** A terminal's registration body as the tests send it: the simulator's. */
export { simRegistration as registrationOf } from '@safety-shield/device-sim';
