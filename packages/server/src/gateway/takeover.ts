import type { FastifyBaseLogger } from 'fastify';
import { openBrokerSession } from './broker-session.js';
import { type HandleUp, UP_KINDS } from './up.js';

/** Everything a node of this release or an earlier one (which shared S.O.S too) may have subscribed. */
const anyNodeTopic = (shareGroup: string) => [
  ...UP_KINDS.map((kind) => `$share/${shareGroup}/dev/+/up/${kind}`),
  'dev/+/up/sos',
  'dev/+/up/ack',
];

export interface TakeoverOptions {
  url: string;
  /** The stopped node's client id: its session at the broker. */
  clientId: string;
  shareGroup: string;
  sessionExpirySeconds: number;
  /** The session counts as empty after this long without a message, with every PUBACK sent (default 1000 ms). */
  quietMs?: number;
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Takes over the broker session of a node that stopped (its lock was free: gateway/liveness.ts). Connecting as its
 * client id with `clean = false` makes the broker resend what the node had not acknowledged and deliver what queued
 * for it; unsubscribing at once moves its share of new messages to the live nodes. Everything goes through the
 * gateway's handler (PUBACK after commit); once the session is quiet, a DISCONNECT with session expiry 0 makes the
 * broker forget it. Resolves with the number of messages taken; rejects, leaving the session to the next try, if the
 * connection fails, a message cannot be committed, or `signal` aborts.
 */
export async function drainStoppedNode(
  handleUp: HandleUp,
  log: FastifyBaseLogger,
  options: TakeoverOptions,
  signal: AbortSignal,
): Promise<number> {
  const { clientId, quietMs = 1000 } = options;
  let taken = 0;
  const counted: HandleUp = (uuid, kind, payload, done) => {
    taken++;
    handleUp(uuid, kind, payload, done);
  };
  // Connected with an expiry: should this node die while draining, the session waits for the next taker.
  const session = openBrokerSession(counted, log, {
    url: options.url,
    clientId,
    sessionExpirySeconds: options.sessionExpirySeconds,
    reconnect: false,
  });
  const abort = () => session.client.end(true);
  signal.addEventListener('abort', abort, { once: true });
  try {
    const startedAt = Date.now();
    const connack = await session.connected;
    await session.client.unsubscribeAsync(anyNodeTopic(options.shareGroup));
    log.warn(
      { node: clientId, sessionPresent: connack.sessionPresent, connectMs: Date.now() - startedAt },
      'took over the broker session of a stopped portal node',
    );
    while (session.pending > 0 || Date.now() - session.lastMessageAt < quietMs) {
      if (signal.aborted) throw new Error('takeover aborted');
      if (session.failed) throw session.failed;
      if (!session.client.connected) throw new Error(`connection to the MQTT broker as ${clientId} lost`);
      await delay(50);
    }
    // MQTT 5: a session expiry of 0 in the DISCONNECT ends the session, its subscriptions and its share membership.
    await session.client.endAsync(false, { properties: { sessionExpiryInterval: 0 } });
    log.info({ node: clientId, messages: taken, ms: Date.now() - startedAt }, 'stopped portal node’s broker session drained and ended');
    return taken;
  } catch (err) {
    session.client.end(true);
    throw err;
  } finally {
    signal.removeEventListener('abort', abort);
  }
}
