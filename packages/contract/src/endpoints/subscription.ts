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
import { superAdminOnly } from '../roles.js';

/** `/subscribe/list` and `/subscribe/usage` (SPEC section 2, the Super Admin’s): calls designed in the spec’s style. */
export const subscriptionApi = endpoints('subscriptions', {
  list: {
    method: 'GET',
    path: '/v1/subscribe/list',
    summary: 'Subscriptions of the companies, newest first',
    access: superAdminOnly,
    query: SubscriptionListQuery,
    response: PageOf(SubscriptionRecord),
  },
  create: {
    method: 'POST',
    path: '/v1/subscribe',
    summary: 'Subscribe a company to a plan for a period',
    access: superAdminOnly,
    audit: 'subscription.create',
    body: SubscriptionCreateBody,
    response: Created,
  },
  update: {
    method: 'PUT',
    path: '/v1/subscribe',
    summary: 'Change a subscription’s plan, device quota or period',
    access: superAdminOnly,
    audit: 'subscription.update',
    auditTarget: 'id',
    body: SubscriptionUpdateBody,
  },
  setState: {
    method: 'PUT',
    path: '/v1/subscribe/state',
    summary: 'Suspend, resume or end a subscription',
    access: superAdminOnly,
    audit: 'subscription.state',
    auditTarget: 'id',
    body: SubscriptionStateBody,
  },
  usage: {
    method: 'GET',
    path: '/v1/subscribe/usage',
    summary: 'Each company’s usage in a month: devices, evidence storage, live minutes, API calls',
    access: superAdminOnly,
    query: UsageQuery,
    response: PageOf(UsageRecord),
  },
});
