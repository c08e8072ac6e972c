import { createServer, type Server } from 'node:net';
import { Aedes, type AuthenticateError, type Client } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import type { DeviceAuth } from './auth.js';
import type { Publish } from './commands.js';
import { isDeviceUuid, mayPublish, maySubscribe, parseUpTopic } from './topics.js';
import type { HandleUp } from './up.js';

export interface EmbeddedParts {
  auth: DeviceAuth;
  handleUp: HandleUp;
  /** The device's connection ended (with or without its will). */
  disconnected(uuid: string): void;
  log: FastifyBaseLogger;
}

export interface EmbeddedBroker {
  port: number;
  publish: Publish;
  /** Closes a device's connection (by uuid or id), if it has one. */
  disconnect(device: string | number): void;
  stopListening(): Promise<void>;
  close(): Promise<void>;
}

const authError = (message: string, returnCode: number) => Object.assign(new Error(message), { returnCode }) as AuthenticateError;

/**
 * The portal's own MQTT broker (Aedes). Up messages are handled in `authorizePublish`: Aedes sends a QoS 1 PUBACK
 * before it hands the message to subscribers (lib/handlers/publish.js), so a subscriber could not hold the ack back;
 * `authorizePublish` runs first and the PUBACK waits for its callback.
 */
export async function startEmbeddedBroker(parts: EmbeddedParts, port: number, host?: string): Promise<EmbeddedBroker> {
  const { auth, handleUp, log } = parts;
  /** The newest connection of each device: a connection taken over by a newer one must not mark the device offline. */
  const current = new Map<string, { client: Client; deviceId: number }>();
  const broker = await Aedes.createBroker({
    maxClientsIdLength: 64,
    authenticate(client, username, password, callback) {
      const uuid = client.id;
      if (username !== uuid || !isDeviceUuid(uuid)) return callback(authError('user name must be the client id, a device uuid', 4), null);
      auth.admit(uuid, password?.toString('utf8')).then(
        (admission) => {
          if (!admission.ok) {
            log.info({ device: uuid, reason: admission.reason }, 'device connection refused');
            return callback(authError(admission.reason, admission.returnCode), null);
          }
          if (admission.created)
            log.info({ device: uuid, deviceId: admission.deviceId }, 'device created by its company’s provisioning key');
          current.set(uuid, { client, deviceId: admission.deviceId });
          callback(null, true);
        },
        (err: unknown) => {
          log.error({ err, device: uuid }, 'device authentication failed');
          callback(authError('server unavailable', 3), null);
        },
      );
    },
    authorizePublish(client, packet, callback) {
      if (!client || !mayPublish(client.id, packet.topic, packet.retain)) {
        log.warn({ device: client?.id, topic: packet.topic }, 'device publish refused');
        return callback(new Error('not authorised'));
      }
      // The last will of a connection that a newer one took over: the device is not offline.
      if (client.closed && current.get(client.id)?.client !== client) return callback(null);
      const up = parseUpTopic(packet.topic);
      if (!up) return callback(new Error('not authorised'));
      const payload = typeof packet.payload === 'string' ? Buffer.from(packet.payload) : packet.payload;
      handleUp(up.uuid, up.kind, payload, (err) => callback(err ?? null));
    },
    authorizeSubscribe(client, subscription, callback) {
      if (maySubscribe(client.id, subscription.topic))
        return callback(null, { ...subscription, qos: Math.min(subscription.qos, 1) as 0 | 1 });
      log.warn({ device: client.id, topic: subscription.topic }, 'device subscription refused');
      callback(null, null); // SUBACK 0x80
    },
  });
  broker.on('clientDisconnect', (client) => {
    if (current.get(client.id)?.client !== client) return;
    current.delete(client.id);
    parts.disconnected(client.id);
  });
  broker.on('clientError', (client, err) => log.debug({ device: client.id, err: err.message }, 'device connection error'));

  const server: Server = createServer(broker.handle);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (err) {
    broker.close();
    throw err;
  }
  const address = server.address();
  const closed = new Promise<void>((resolve) => server.once('close', () => resolve()));
  return {
    port: typeof address === 'object' && address ? address.port : port,
    publish: (topic, payload) =>
      new Promise((resolve, reject) =>
        broker.publish({ cmd: 'publish', topic, payload, qos: 1, retain: false, dup: false }, (err) => (err ? reject(err) : resolve())),
      ),
    disconnect(device) {
      for (const [uuid, connection] of current) {
        if (uuid === device || connection.deviceId === device) connection.client.close();
      }
    },
    async stopListening() {
      if (server.listening) server.close();
    },
    async close() {
      if (server.listening) server.close();
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await closed;
    },
  };
}
