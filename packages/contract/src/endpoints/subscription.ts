import { Created, PageOf } from '../api/common.js';
import {
  SubscriptionCreateBody,
  SubscriptionListQuery,
  SubscriptionRecord,
  SubscriptionStateBody,
  SubscriptionUpdateBody,
  UsageQuery,
  UsageRecord,
} from '../api/subscription.js';
import { endpoints } from '../endpoint.js';
import type { Role } from '../roles.js';

/** SPEC section 2: /subscribe is the Super Admin’s. */
const superAdmin: readonly Role[] = ['SUPER_ADMIN'];

/** `/subscribe/list` and `/subscribe/usage` (SPEC section 2, Super Admin): calls designed in the spec’s style. */
export const subscriptionApi = endpoints('subscriptions', {
  list: {
    method: 'GET',
    path: '/v1/subscribe/list',
    summary: 'Subscriptions of the companies, newest first',
    access: superAdmin,
    query: SubscriptionListQuery,
    response: PageOf(SubscriptionRecord),
  },
  create: {
    method: 'POST',
    path: '/v1/subscribe',
    summary: 'Subscribe a company to a plan for a period',
    access: superAdmin,
    audit: 'subscription.create',
    body: SubscriptionCreateBody,
    response: Created,
  },
  update: {
    method: 'PUT',
    path: '/v1/subscribe',
    summary: 'Change a subscription’s plan, device quota or period',
    access: superAdmin,
    audit: 'subscription.update',
    body: SubscriptionUpdateBody,
  },
  setState: {
    method: 'PUT',
    path: '/v1/subscribe/state',
    summary: 'Suspend, resume or end a subscription',
    access: superAdmin,
    audit: 'subscription.state',
    body: SubscriptionStateBody,
  },
  usage: {
    method: 'GET',
    path: '/v1/subscribe/usage',
    summary: 'Each company’s usage in a month: devices, evidence storage, live minutes, API calls',
    access: superAdmin,
    query: UsageQuery,
    response: PageOf(UsageRecord),
  },
});
