import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  Created,
  PageOf,
  SubscriptionCreateBody,
  SubscriptionListQuery,
  SubscriptionRecord,
  SubscriptionStateBody,
  SubscriptionUpdateBody,
  UsageQuery,
  UsageRecord,
} from '@safety-shield/contract';
import { Type } from 'typebox';
import type { Db } from '../../db/client.js';
import { Envelope, ok } from '../../http/envelope.js';
import { auditTarget } from '../logs/recorder.js';
import { listSubscriptions, listUsage } from './repo.js';
import type { SubscriptionService } from './service.js';

const tags = ['subscriptions'];
const SUPER = ['SUPER_ADMIN'] as const;
const Done = Envelope(Type.Null());

/** `/subscribe/list` and `/subscribe/usage` (SPEC section 2, Super Admin): calls designed in the spec's style. */
export const subscriptionRoutes: FastifyPluginAsyncTypebox<{ db: Db; subscriptions: SubscriptionService }> = async (
  app,
  { db, subscriptions },
) => {
  app.get(
    '/v1/subscribe/list',
    {
      schema: {
        tags,
        summary: 'Subscriptions of the companies, newest first',
        querystring: SubscriptionListQuery,
        response: { 200: Envelope(PageOf(SubscriptionRecord)) },
      },
      config: { access: SUPER },
    },
    async (req) => ok(await listSubscriptions(db, req.query)),
  );

  app.post(
    '/v1/subscribe',
    {
      schema: {
        tags,
        summary: 'Subscribe a company to a plan for a period',
        body: SubscriptionCreateBody,
        response: { 200: Envelope(Created) },
      },
      config: { access: SUPER, audit: 'subscription.create' },
    },
    async (req) => {
      const created = await subscriptions.create(req.body);
      auditTarget(req, created.id);
      return ok(created);
    },
  );

  app.put(
    '/v1/subscribe',
    {
      schema: {
        tags,
        summary: 'Change a subscription’s plan, device quota or period',
        body: SubscriptionUpdateBody,
        response: { 200: Done },
      },
      config: { access: SUPER, audit: 'subscription.update' },
    },
    async (req) => {
      auditTarget(req, req.body.id);
      await subscriptions.update(req.body);
      return ok(null);
    },
  );

  app.put(
    '/v1/subscribe/state',
    {
      schema: { tags, summary: 'Suspend, resume or end a subscription', body: SubscriptionStateBody, response: { 200: Done } },
      config: { access: SUPER, audit: 'subscription.state' },
    },
    async (req) => {
      auditTarget(req, req.body.id);
      await subscriptions.setState(req.body);
      return ok(null);
    },
  );

  app.get(
    '/v1/subscribe/usage',
    {
      schema: {
        tags,
        summary: 'Each company’s usage in a month: devices, evidence storage, live minutes, API calls',
        querystring: UsageQuery,
        response: { 200: Envelope(PageOf(UsageRecord)) },
      },
      config: { access: SUPER },
    },
    async (req) => ok(await listUsage(db, req.query)),
  );
};
