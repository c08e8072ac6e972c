import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type IPublishPacket, type MqttClient } from 'mqtt';
import type { Publish } from './commands.js';
import { parseUpTopic } from './topics.js';
import { type HandleUp, UP_KINDS } from './up.js';

export interface ExternalOptions {
  url: string;
  /**
   * This node's client id (default `safety-shield-{hostname}`): stable across restarts, so the broker keeps its session
   * and the messages queued for it meanwhile. Two nodes on one host need ids of their own.
   */
  clientId?: string;
  /** How long the broker keeps this node's session while it is away. */
  sessionExpirySeconds?: number;
  /** The shared-subscription group: every node of one deployment, and only those, use the same. */
  shareGroup?: string;
}

/** mqtt.js's own packet writer (private in its types): the one way to send a PUBACK later. */
interface PacketWriter {
  _sendPacket(packet: { cmd: 'puback'; messageId: number }, callback: () => void): void;
}

export interface ExternalBroker {
  publish: Publish;
  close(): Promise<void>;
}

/**
 * The gateway as a client of an external broker (Mosquitto, EMQX), which authenticates devices and enforces their
 * ACL. Portal nodes share the devices' messages through `$share/{group}/…`; acks fan out to every node, since
 * the command they answer may have been sent by any node.
 */
export async function connectExternalBroker(handleUp: HandleUp, log: FastifyBaseLogger, options: ExternalOptions): Promise<ExternalBroker> {
  const client: MqttClient = await mqtt.connectAsync(options.url, {
    clientId: options.clientId ?? `safety-shield-${hostname()}`,
    clean: false,
    protocolVersion: 5,
    properties: { sessionExpiryInterval: options.sessionExpirySeconds ?? 3600 },
    reconnectPeriod: 1000,
  });
  /** Counts connections: an ack owed to a broken connection is not sent, the broker redelivers the message. */
  let connection = 1;
  client.on('connect', () => connection++);
  client.on('error', (err) => log.warn({ err: err.message }, 'MQTT broker connection error'));
  /** A broker resends unacknowledged messages only on a new connection: after a failed write, reconnect (at most once). */
  let redelivering = false;
  const redeliver = () => {
    if (redelivering || !client.connected) return;
    redelivering = true;
    client.once('connect', () => {
      redelivering = false;
    });
    client.stream.destroy();
  };

  // mqtt.js handles incoming packets one at a time and sends the PUBACK when handleMessage calls back, so holding the
  // callback for a flush would take one message per flush. Instead it is released at once with an error (the PUBACK
  // is then skipped, nothing else happens) and the PUBACK is sent by hand once the message is committed.
  client.handleMessage = (packet: IPublishPacket, callback) => {
    const up = parseUpTopic(packet.topic);
    const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
    if (!up || packet.qos === 0 || packet.messageId === undefined) {
      if (up) handleUp(up.uuid, up.kind, payload, () => {});
      return callback();
    }
    const received = connection;
    const messageId = packet.messageId;
    handleUp(up.uuid, up.kind, payload, (err) => {
      if (err) return redeliver();
      if (received !== connection || !client.connected) return;
      (client as unknown as PacketWriter)._sendPacket({ cmd: 'puback', messageId }, () => {});
    });
    callback(new Error('PUBACK deferred until the message is committed'));
  };

  const shared = UP_KINDS.filter((kind) => kind !== 'ack').map(
    (kind) => `$share/${options.shareGroup ?? 'safety-shield'}/dev/+/up/${kind}`,
  );
  await client.subscribeAsync([...shared, 'dev/+/up/ack'], { qos: 1 });

  return {
    publish: async (topic, payload) => {
      await client.publishAsync(topic, payload, { qos: 1 });
    },
    close: () => client.endAsync(),
  };
}
