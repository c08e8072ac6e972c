import { orgApi, subscriptionApi } from '@safety-shield/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { device } from '../src/db/schema.js';
import { usageMonth } from '../src/modules/subscriptions/usage-meter.js';
import { call } from './api-client.js';
import { firstPage, login } from './helpers.js';
import { appWithTrees, newApiToken, signedIn, subscriptionTerms } from './identity-fixtures.js';

// A test below restarts the app: `ctx` and `admin` change then.
let { ctx, admin, tree } = await appWithTrees({ tree: 'Plan' });
afterAll(() => ctx.close());

describe('subscriptions', () => {
  it('subscribes a company, changes and suspends it, and refuses a period that ends before it starts', async () => {
    const start = Date.now();
    const created = await call(ctx, admin, subscriptionApi.create, {
      companyId: tree.company,
      ...subscriptionTerms('standard', 50, start, 365),
    });
    expect(created.code).toBe(200);
    const backwards = await call(ctx, admin, subscriptionApi.create, {
      companyId: tree.company,
      ...subscriptionTerms('basic', 5, start, -1),
    });
    expect(backwards).toMatchObject({ codeKey: 'PARAM_CHECK_FAIL', data: { field: 'endTime' } });
    const ofFleet = await call(ctx, admin, subscriptionApi.create, { companyId: tree.fleet, ...subscriptionTerms('basic', 5, start, 1) });
    expect(ofFleet.codeKey).toBe('ORG_NOT_EXIST');
    await call(ctx, admin, subscriptionApi.update, { id: created.data.id, ...subscriptionTerms('premium', 80, start, 730) });
    await call(ctx, admin, subscriptionApi.setState, { id: created.data.id, state: 'suspended' });
    const list = await call(ctx, admin, subscriptionApi.list, { ...firstPage, companyId: tree.company });
    expect(list.data.records).toEqual([
      expect.objectContaining({
        companyName: 'Company Plan',
        agentName: 'Agent Plan',
        plan: 'premium',
        deviceQuota: 80,
        state: 'suspended',
      }),
    ]);
    expect((await call(ctx, admin, subscriptionApi.setState, { id: 999_999, state: 'ended' })).codeKey).toBe('SUBSCRIPTION_NOT_EXIST');
    // A company with a subscription is not deleted with it.
    expect((await call(ctx, admin, orgApi.companyRemove, { id: tree.company })).codeKey).toBe('ORG_NOT_EMPTY');
  });

  it('counts the API calls of each company’s tokens in its month’s usage', async () => {
    const boss = await signedIn(ctx, 'plan.boss', 'COMPANY_ADMIN', tree);
    const { token } = await newApiToken(ctx, boss.token);
    for (let i = 0; i < 3; i++) expect((await call(ctx, token, orgApi.fleetList, firstPage)).code).toBe(200);
    await ctx.app.close(); // flushes the meter
    ctx = await reopen();
    admin = await login(ctx.app);
    await ctx.database.db.insert(device).values({ deviceUuid: 'PLAN-1', belongAgentId: tree.agent, belongCompanyId: tree.company });
    const usage = await call(ctx, admin, subscriptionApi.usage, { ...firstPage, month: usageMonth(), name: 'Plan' });
    expect(usage.data.records).toEqual([expect.objectContaining({ companyName: 'Company Plan', apiCalls: 3, devices: 1 })]);
    expect((await call(ctx, boss.token, subscriptionApi.list, firstPage)).code).not.toBe(200);
  });
});

/** A new app on the same database, as after a restart. */
async function reopen() {
  const { buildApp } = await import('../src/app.js');
  const { testConfig } = await import('./helpers.js');
  const app = await buildApp(testConfig, ctx.database, { logger: false });
  return {
    ...ctx,
    app,
    close: async () => {
      await app.close();
      await ctx.database.close();
    },
  };
}
