import { subscriptionApi } from '@safety-shield/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.js';
import { serve } from '../../http/endpoints.js';
import { auditCreated } from '../logs/index.js';
import { listSubscriptions, listUsage } from './repo.js';
import type { SubscriptionService } from './service.js';

/** Handlers of the contract's subscription endpoints (`/subscribe/list` and `/subscribe/usage`, SPEC section 2). */
export const subscriptionRoutes: FastifyPluginAsync<{ db: Db; subscriptions: SubscriptionService }> = async (
  app,
  { db, subscriptions },
) => {
  serve(app, subscriptionApi, {
    list: async (req) => listSubscriptions(db, req.query),
    create: async (req) => auditCreated(req, subscriptions.create(req.body)),
    update: async (req) => subscriptions.update(req.body),
    setState: async (req) => subscriptions.setState(req.body),
    usage: async (req) => listUsage(db, req.query),
  });
};
