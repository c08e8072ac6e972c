import { once } from 'node:events';
import { type AddressInfo, createServer, type Server } from 'node:net';
import { Aedes, type AuthenticateError, type ConnectPacket } from 'aedes';
import { connectAsync, type MqttClient } from 'mqtt';
import { SimDevice } from '../src/device.js';
import type { SimDeviceOptions } from '../src/device-options.js';

export const PROVISIONING_KEY = 'pk_test_key';

export interface UpMessage {
  uuid: string;
  kind: string;
  payload: Record<string, unknown>;
}

/**
 * An Aedes broker that checks passwords as the portal does (provisioning key until the device holds a secret, then
 * only the secret), plus a portal client that records every up message and can send down commands.
 */
export interface Harness {
  url: string;
  /** What a device (or a fleet) is given to reach the broker and provision itself. */
  access: { brokerUrl: string; provisioningKey: string };
  broker: Aedes;
  /** Secrets the "portal" handed out: from then on the provisioning key no longer opens that device. */
  secrets: Map<string, string>;
  /** Every CONNECT seen, with the password in clear. */
  connects: Array<{ packet: ConnectPacket; password: string | undefined }>;
  up: UpMessage[];
  /** The broker's persistent-session subscriptions of a client. */
  subscriptionsOf(clientId: string): Promise<Array<{ topic: string; qos: number }>>;
  /** The retained message of a topic, as the broker would hand it to a new subscriber. */
  retained(topic: string): Promise<Record<string, unknown> | undefined>;
  /** PUBACKs held back per client id while `holdAcks` has that id. */
  holdAcks: Set<string>;
  held: Array<() => void>;
  /** Publishes a down command as the portal would; resolves to its id (the `ref` of the ack). */
  sendDown(uuid: string, kind: string, payload: Record<string, unknown>): Promise<string>;
  waitFor<T>(find: () => T | undefined | Promise<T | undefined>, what: string, timeoutMs?: number): Promise<T>;
  /** The up messages of one kind a device sent so far. */
  upOf(uuid: string, kind: string): UpMessage[];
  /** The payload of the device's ack of a down command, once it came. */
  ackOf(uuid: string, ref: string, timeoutMs?: number): Promise<Record<string, unknown>>;
  /** Sends a down command and resolves with its ack's payload. */
  command(uuid: string, kind: string, payload: Record<string, unknown>): Promise<Record<string, unknown>>;
  /** Starts a device (it must get in) and resolves once it sent its first up message of `ready`. */
  started<D extends StartingDevice>(device: D, ready: string): Promise<D>;
  close(): Promise<void>;
}

/** What `started` needs of a simulated device. */
interface StartingDevice {
  uuid: string;
  start(): Promise<boolean>;
}

export async function startHarness(): Promise<Harness> {
  const secrets = new Map<string, string>();
  const connects: Harness['connects'] = [];
  const holdAcks = new Set<string>();
  const held: Array<() => void> = [];
  const broker = await Aedes.createBroker({
    preConnect: (_client, packet, done) => {
      connects.push({ packet, password: packet.password?.toString() });
      done(null, true);
    },
    authenticate: (_client, username, password, done) => {
      if (username === 'portal') return done(null, true);
      const secret = username ? secrets.get(username) : undefined;
      const given = password?.toString();
      if (given !== undefined && given === (secret ?? PROVISIONING_KEY)) return done(null, true);
      const error = Object.assign(new Error('bad user name or password'), { returnCode: 4 }) as AuthenticateError;
      done(error, null);
    },
    // Aedes sends the PUBACK only after the publish is authorised: holding that holds the PUBACK.
    authorizePublish: (client, _packet, done) => {
      if (client && holdAcks.has(client.id)) held.push(() => done(null));
      else done(null);
    },
  });
  const server: Server = createServer(broker.handle);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `mqtt://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const up: UpMessage[] = [];
  const portal: MqttClient = await connectAsync(url, { clientId: 'portal', username: 'portal', reconnectPeriod: 0 });
  portal.on('message', (topic, payload) => {
    const [, uuid = '', , kind = ''] = topic.split('/');
    up.push({ uuid, kind, payload: JSON.parse(payload.toString()) });
  });
  await portal.subscribeAsync('dev/+/up/#', { qos: 1 });

  // Aedes' types leave out its persistence; these are the two calls the tests use.
  const persistence = (broker as unknown as { persistence: BrokerPersistence }).persistence;
  let downId = 0;
  const sendDown = async (uuid: string, kind: string, payload: Record<string, unknown>) => {
    const id = `d${++downId}`;
    await portal.publishAsync(`dev/${uuid}/down/${kind}`, JSON.stringify({ v: 1, id, at: Date.now(), ...payload }), { qos: 1 });
    return id;
  };
  const upOf = (uuid: string, kind: string) => up.filter((m) => m.uuid === uuid && m.kind === kind);
  const ackOf = async (uuid: string, ref: string, timeoutMs = 10_000) =>
    (await waitFor(() => upOf(uuid, 'ack').find((m) => m.payload.ref === ref), `ack ${ref} of ${uuid}`, timeoutMs)).payload;
  return {
    url,
    access: { brokerUrl: url, provisioningKey: PROVISIONING_KEY },
    broker,
    secrets,
    connects,
    up,
    holdAcks,
    held,
    subscriptionsOf: (clientId) => persistence.subscriptionsByClient({ id: clientId }),
    retained: async (topic) => {
      const [packet] = await persistence.createRetainedStreamCombi([topic]).toArray();
      return packet ? JSON.parse(String(packet.payload)) : undefined;
    },
    sendDown,
    waitFor: (find, what, timeoutMs = 10_000) => waitFor(find, what, timeoutMs),
    upOf,
    ackOf,
    command: async (uuid, kind, payload) => ackOf(uuid, await sendDown(uuid, kind, payload)),
    started: async (device, ready) => {
      if (!(await device.start())) throw new Error(`${device.uuid} did not start`);
      await waitFor(() => upOf(device.uuid, ready)[0], `${ready} of ${device.uuid}`);
      return device;
    },
    close: async () => {
      await portal.endAsync();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await new Promise<void>((resolve) => broker.close(() => resolve()));
    },
  };
}

interface BrokerPersistence {
  subscriptionsByClient(client: { id: string }): Promise<Array<{ topic: string; qos: number }>>;
  createRetainedStreamCombi(patterns: string[]): { toArray(): Promise<Array<{ payload: Buffer }>> };
}

/**
 * How a test file starts a device on the harness's broker: built with the file's `defaults` (asked afresh for each
 * device), kept in `devices` for the file to stop, and resolved once it sent its first up message of `ready`.
 */
export function deviceStarter(harness: () => Harness, devices: SimDevice[], defaults: () => Partial<SimDeviceOptions>, ready: string) {
  return (uuid: string, options: Partial<SimDeviceOptions> = {}): Promise<SimDevice> => {
    const device = new SimDevice({ uuid, ...harness().access, ...defaults(), ...options });
    devices.push(device);
    return harness().started(device, ready);
  };
}

/** Polls until `find` gives something other than undefined or false. */
export async function waitFor<T>(find: () => T | undefined | Promise<T | undefined>, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await find();
    if (found !== undefined && found !== false) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
