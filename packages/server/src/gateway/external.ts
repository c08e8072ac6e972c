import { hostname } from 'node:os';
import { portalNodeTopics } from '@safety-shield/contract/device';
import type { FastifyBaseLogger } from 'fastify';
import { type BrokerSession, openBrokerSession } from './broker-session.js';
import type { Publish } from './commands.js';
import { NodeLiveness } from './liveness.js';
import { drainStoppedNode } from './takeover.js';
import type { HandleUp } from './up.js';

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
  /**
   * The deployment's PostgreSQL server: nodes watch each other through it and take over the session of one that
   * stopped (gateway/liveness.ts). Without it (one node, embedded database) a stopped node's share waits for it.
   */
  databaseUrl?: string;
}

export interface ExternalBroker {
  publish: Publish;
  /** Stops taking over stopped nodes' sessions (their sessions stay at the broker for another node). */
  stopListening(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The gateway as a client of an external broker (Mosquitto, EMQX), which authenticates devices and enforces their
 * ACL. Portal nodes share the devices' messages through `$share/{group}/…`; S.O.S and acks reach every node (an
 * S.O.S is never held in the session of a node that stopped; the command an ack answers may have been sent by any
 * node).
 */
export async function connectExternalBroker(handleUp: HandleUp, log: FastifyBaseLogger, options: ExternalOptions): Promise<ExternalBroker> {
  const clientId = options.clientId ?? `safety-shield-${hostname()}`;
  const shareGroup = options.shareGroup ?? 'safety-shield';
  const sessionExpirySeconds = options.sessionExpirySeconds ?? 3600;

  let own: BrokerSession | undefined;
  /** Opens this node's session; `own` is set before the CONNACK, so a lost lock can end it whenever it comes. */
  const startOwn = async () => {
    const session = openBrokerSession(handleUp, log, { url: options.url, clientId, sessionExpirySeconds, reconnect: true });
    own?.client.end(true);
    own = session;
    await session.connected;
    // Also when the broker kept the session: a session from an earlier release may lack a topic.
    if (own === session) await session.client.subscribeAsync(portalNodeTopics(shareGroup), { qos: 1 });
  };
  const stopOwn = () => {
    // Without a DISCONNECT: the session and its unacknowledged messages stay for the node that takes it over.
    own?.client.end(true);
    own = undefined;
  };

  const liveness = options.databaseUrl
    ? await NodeLiveness.start(
        { databaseUrl: options.databaseUrl, clientId, shareGroup, log },
        {
          held: startOwn,
          lost: stopOwn,
          takeOver: (stopped, signal) =>
            drainStoppedNode(handleUp, log, { url: options.url, clientId: stopped, shareGroup, sessionExpirySeconds }, signal),
        },
      )
    : undefined;
  if (!liveness) await startOwn();

  return {
    publish: async (topic, payload) => {
      if (!own) throw new Error('not connected to the MQTT broker: this node waits for its lock in PostgreSQL');
      await own.client.publishAsync(topic, payload, { qos: 1 });
    },
    stopListening: async () => liveness?.stopTakeovers(),
    close: async () => {
      liveness?.stopTakeovers();
      await own?.client.endAsync();
      own = undefined;
      // Last: a node taking over this session must find this node disconnected.
      await liveness?.close();
    },
  };
}
