import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type IConnackPacket, type IPublishPacket, type MqttClient } from 'mqtt';
import { parseUpTopic } from './topics.js';
import type { HandleUp } from './up.js';

export interface SessionOptions {
  url: string;
  clientId: string;
  /** How long the broker keeps the session while nobody is connected as this client id. */
  sessionExpirySeconds: number;
  /** A node's own session reconnects by itself; a takeover does not (its session stays for the next try). */
  reconnect: boolean;
}

/** One persistent MQTT 5 session at the external broker, as this node or as a stopped node it takes over. */
export interface BrokerSession {
  client: MqttClient;
  /** The first CONNACK; rejects if the first connection fails (only when `reconnect` is off). */
  connected: Promise<IConnackPacket>;
  /** Messages handed to the gateway whose PUBACK has not been sent yet. */
  readonly pending: number;
  /** Date.now() of the last message the broker delivered. */
  readonly lastMessageAt: number;
  /** Set when a message could not be committed and the session cannot make the broker resend it by itself. */
  readonly failed: Error | undefined;
}

/** mqtt.js's own packet writer (private in its types): the one way to send a PUBACK later. */
interface PacketWriter {
  _sendPacket(packet: { cmd: 'puback'; messageId: number }, callback: () => void): void;
}

/**
 * Opens a session whose PUBACKs go to the broker only once the gateway committed the message (docs/deployment.md,
 * "When a message is acknowledged"). The handler is in place before the connection opens: a session the broker kept
 * delivers its queue right after the CONNACK, and mqtt.js would acknowledge whatever arrived before it.
 */
export function openBrokerSession(handleUp: HandleUp, log: FastifyBaseLogger, options: SessionOptions): BrokerSession {
  const client = mqtt.connect(options.url, {
    clientId: options.clientId,
    clean: false,
    protocolVersion: 5,
    properties: { sessionExpiryInterval: options.sessionExpirySeconds },
    reconnectPeriod: options.reconnect ? 1000 : 0,
  });
  let pending = 0;
  let lastMessageAt = Date.now();
  let failed: Error | undefined;
  /** Counts connections: an ack owed to a broken connection is not sent, the broker redelivers the message. */
  let connection = 0;
  client.on('connect', () => connection++);
  // Why, in the operator's words (an untrusted certificate, a refused password, nobody listening): under `err` the
  // log would withhold the message, as it does for every error that is not the portal's own.
  client.on('error', (err) =>
    log.warn({ reason: err.message, code: (err as { code?: unknown }).code, client: options.clientId }, 'MQTT broker connection error'),
  );

  /** A broker resends unacknowledged messages only on a new connection: after a failed write, reconnect (at most once). */
  let redelivering = false;
  const redeliver = (err: Error) => {
    if (!options.reconnect) {
      // A takeover ends here; whoever takes the session next gets the message again.
      failed ??= err;
      client.end(true);
      return;
    }
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
    lastMessageAt = Date.now();
    const up = parseUpTopic(packet.topic);
    const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
    if (!up || packet.qos === 0 || packet.messageId === undefined) {
      if (up) handleUp(up.uuid, up.kind, payload, () => {});
      return callback();
    }
    const received = connection;
    const messageId = packet.messageId;
    pending++;
    handleUp(up.uuid, up.kind, payload, (err) => {
      pending--;
      lastMessageAt = Date.now();
      if (err) return redeliver(err);
      if (received !== connection || !client.connected) return;
      (client as unknown as PacketWriter)._sendPacket({ cmd: 'puback', messageId }, () => {});
    });
    callback(new Error('PUBACK deferred until the message is committed'));
  };

  const connected = new Promise<IConnackPacket>((resolve, reject) => {
    client.once('connect', resolve);
    if (!options.reconnect) {
      client.once('error', reject);
      client.once('close', () => reject(new Error(`connection to the MQTT broker as ${options.clientId} closed`)));
    }
  });
  // A takeover that fails before its CONNACK is reported through `connected`, awaited or not.
  connected.catch(() => {});

  return {
    client,
    connected,
    get pending() {
      return pending;
    },
    get lastMessageAt() {
      return lastMessageAt;
    },
    get failed() {
      return failed;
    },
  };
}
