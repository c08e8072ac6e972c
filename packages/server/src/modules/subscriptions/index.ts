import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.js';
import { subscriptionRoutes } from './routes.js';
import { SubscriptionService } from './service.js';

/** Subscriptions and their usage (the app meters API calls: `registerApiCallMetering`). */
export const subscriptionModule = fp(
  async (app: FastifyInstance, { db }: { db: Db }) => {
    // A new or changed subscription shows on this node's dashboards at once (the dashboard module comes later).
    const subscriptions = new SubscriptionService(db, () => app.dashboard.forgetAll());
    await app.register(subscriptionRoutes, { db, subscriptions });
  },
  { name: 'subscriptions' },
);

export { registerApiCallMetering, UsageMeter } from './usage-meter.js';
