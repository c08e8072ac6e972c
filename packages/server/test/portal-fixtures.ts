import { memoryCredentialStore, SimDevice, type SimDeviceOptions } from '@safety-shield/device-sim';
import type { MqttClient } from 'mqtt';
import { expect } from 'vitest';
import { type AppConfig, buildApp } from '../src/app.js';
import type { Bus } from '../src/bus/bus.js';
import { type GatewayEvents, startGateway } from '../src/gateway/index.js';
import type { ObjectSigner } from '../src/storage/signed-urls.js';
import { capturedLog, connectDevice, message, recorder } from './gateway-fixtures.js';
import { testConfig, testDatabase } from './helpers.js';

type App = Awaited<ReturnType<typeof buildApp>>;

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

/** The gateway's events with uploads and hellos handed to the app's evidence requests, as main.ts hands them. */
export const toEvidenceRequests = (app: App): GatewayEvents => ({
  ...recorder(),
  upload: (update) => void app.evidenceRequests.moved(update),
  hello: (uuid) => void app.evidenceRequests.hello(uuid),
});

export interface PortalOptions {
  /** Changes to the test configuration (e.g. `media`). */
  config?: Partial<AppConfig>;
  /** The event bus the app and the gateway share (default: the app's own). */
  bus?: Bus;
  /** What the gateway tells the app (default: a recorder). */
  events?: (app: App) => GatewayEvents;
  /** Signs the evidence upload URLs, which then point at this portal (without it devices get none). */
  objectSigner?: ObjectSigner;
  /** How long a command waits for the device's ack (default: the gateway's). */
  commandTimeoutMs?: number;
}

/**
 * A portal listening on a free port with the device gateway (embedded broker on a free port) beside it, as main.ts
 * runs them. It is the identity fixtures' `ctx`; the devices it connects are disconnected by `close`, which then stops
 * the gateway, the app and the database.
 */
export async function portalWithGateway(options: PortalOptions = {}) {
  const sims: SimDevice[] = [];
  const clients: MqttClient[] = [];
  const database = await testDatabase();
  const app = await buildApp({ ...testConfig, ...options.config }, database, { logger: false, bus: options.bus });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const gateway = await startGateway({
    db: database.db,
    log: capturedLog().log,
    events: options.events?.(app) ?? recorder(),
    mqttPort: 0,
    ...(options.objectSigner && { objectSigner: options.objectSigner, publicUrl: baseUrl }),
    commandTimeoutMs: options.commandTimeoutMs,
  });
  const brokerUrl = `mqtt://127.0.0.1:${gateway.port}`;
  return {
    app,
    database,
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
