import { Redis } from 'ioredis';
import type { Bus, BusMessages } from './bus.js';
import { BUS_KINDS, localBus } from './bus.js';

/**
 * The bus of several portal nodes (ARCHITECTURE section 1, `REDIS_URL`): an event published on any node reaches the
 * listeners of every node, its own included, through Redis pub/sub. Listeners hang on a local bus fed by one subscriber
 * connection, so a thousand console sockets cost one Redis subscription per event kind. Channels are `{prefix}{kind}`:
 * one prefix per deployment (REDIS_PREFIX), as events carry organisation ids that mean nothing in another deployment.
 */
export async function redisBus(url: string, prefix = 'safety-shield:'): Promise<Bus & { close(): Promise<void> }> {
  const publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const subscriber = new Redis(url, { lazyConnect: true });
  await Promise.all([publisher.connect(), subscriber.connect()]);
  const local = localBus();
  await subscriber.subscribe(...BUS_KINDS.map((kind) => prefix + kind));
  subscriber.on('message', (channel: string, message: string) => {
    const kind = channel.slice(prefix.length) as keyof BusMessages;
    if (BUS_KINDS.includes(kind)) local.publish(kind, JSON.parse(message));
  });
  return {
    publish(kind, event) {
      // A lost event costs little: a live position is replaced a second later (the database holds every point), and a
      // cached principal a lost revocation leaves behind expires within NODE_CACHE_MS anyway.
      publisher.publish(prefix + kind, JSON.stringify(event)).catch(() => {});
    },
    subscribe: local.subscribe,
    async close() {
      await Promise.all([publisher.quit(), subscriber.quit()]);
    },
  };
}
