import type { DownKind, DownPayload } from '@safety-shield/contract/device';
import { memoryCredentialStore, SimDevice, type SimDeviceOptions } from '@safety-shield/device-sim';
import type { MqttClient } from 'mqtt';
import { expect } from 'vitest';
import { type AppConfig, buildApp } from '../src/app.js';
import type { Bus } from '../src/bus/bus.js';
import type { Database } from '../src/db/client.js';
import { DevicePort } from '../src/device-port/index.js';
import { startGateway } from '../src/gateway/index.js';
import { capturedLog, connectDevice, message, seedCompany } from './gateway-fixtures.js';
import { testConfig, testDatabase } from './helpers.js';
import { signedIn } from './identity-fixtures.js';
import { companyTree } from './media-fixtures.js';

/** The reference simulator of a device holding `secret` as the tests run it (one GPS batch a minute, quick to reconnect); not started. */
export function simulator(brokerUrl: string, uuid: string, secret: string, options: Partial<SimDeviceOptions> = {}): SimDevice {
  return new SimDevice({
    uuid,
    brokerUrl,
    credentials: memoryCredentialStore({ [uuid]: secret }),
    gpsIntervalMs: 60_000,
    reconnectDelayMs: { min: 100, max: 200 },
    ...options,
  });
}

export interface PortalOptions {
  /** Changes to the test configuration (e.g. `media`). */
  config?: Partial<AppConfig>;
  /** The bus between the nodes (default: the app's own). */
  bus?: Bus;
  /** How long a command waits for the device's ack when its sender names no time (default: the gateway's). */
  commandTimeoutMs?: number;
  /** Sees every command before it is sent (a test may act first, e.g. use an upload link before the device does). */
  beforeCommand?: (device: string, kind: DownKind, payload: unknown) => Promise<void>;
}

/** A device port whose commands pass `beforeCommand` first. */
class TappedPort extends DevicePort {
  constructor(
    db: Database['db'],
    private readonly tap: NonNullable<PortalOptions['beforeCommand']>,
  ) {
    super(db);
  }
  override async send<K extends DownKind>(device: string, kind: K, payload: DownPayload<K>, timeoutMs?: number) {
    await this.tap(device, kind, payload);
    return super.send(device, kind, payload, timeoutMs);
  }
}

/**
 * A portal listening on a free port with the device gateway (embedded broker on a free port) beside it on one device
 * port, as main.ts runs them. It is the identity fixtures' `ctx`; the devices it connects are disconnected by `close`,
 * which then stops the gateway, the app and the database.
 */
export async function portalWithGateway(options: PortalOptions = {}) {
  const sims: SimDevice[] = [];
  const clients: MqttClient[] = [];
  const database = await testDatabase();
  const devicePort = options.beforeCommand ? new TappedPort(database.db, options.beforeCommand) : new DevicePort(database.db);
  const app = await buildApp({ ...testConfig, ...options.config }, database, {
    logger: false,
    bus: options.bus,
    deviceCommands: devicePort,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const gateway = await startGateway({
    db: database.db,
    log: capturedLog().log,
    intake: app.deviceIntake,
    devicePort,
    mqttPort: 0,
    commandTimeoutMs: options.commandTimeoutMs,
  });
  const brokerUrl = `mqtt://127.0.0.1:${gateway.port}`;
  return {
    app,
    database,
    devicePort,
    gateway,
    baseUrl,
    brokerUrl,
    /** Starts the reference simulator of a device holding `secret` (see `simulator`). */
    async startSimulator(uuid: string, secret: string, simOptions: Partial<SimDeviceOptions> = {}) {
      const sim = simulator(brokerUrl, uuid, secret, simOptions);
      sims.push(sim);
      expect(await sim.start()).toBe(true);
      return sim;
    },
    /** A raw MQTT device listening to its down topics; `send` publishes an up message of that kind. */
    async rawDevice(uuid: string, secret: string) {
      const client = await connectDevice(gateway.port ?? 0, uuid, secret);
      clients.push(client);
      await client.subscribeAsync(`dev/${uuid}/down/#`, { qos: 1 });
      const send = (kind: string, body: Record<string, unknown>) =>
        client.publishAsync(`dev/${uuid}/up/${kind}`, message(body), { qos: 1 });
      return { client, send };
    },
    async close() {
      await Promise.all(sims.map((sim) => sim.stop()));
      await Promise.all(clients.map((client) => client.endAsync()));
      await gateway.close();
      // Every client is gone: a connection left open (one that connected and never asked) is cut, not waited for.
      app.server.closeAllConnections();
      await app.close();
      await database.close();
    },
  };
}

export type Portal = Awaited<ReturnType<typeof portalWithGateway>>;

/**
 * A portal with its gateway and two companies, `company` (labelled `label`) and `theirs`, each with its Company Admin
 * signed in (`admin`, `other`, named `<label>.company` and `<label>.other` in lower case): what the tests of commands
 * to one company's devices start from.
 */
export async function portalWithCompanies(label: string, options: PortalOptions = {}) {
  const portal = await portalWithGateway(options);
  const company = await seedCompany(portal.database.db, label);
  const theirs = await seedCompany(portal.database.db, `${label}Theirs`);
  const name = label.toLowerCase();
  const admin = (await signedIn(portal, `${name}.company`, 'COMPANY_ADMIN', companyTree(company))).token;
  const other = (await signedIn(portal, `${name}.other`, 'COMPANY_ADMIN', companyTree(theirs))).token;
  return { portal, company, theirs, admin, other };
}
