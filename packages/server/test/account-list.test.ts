import { accountApi } from '@safety-shield/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { call } from './api-client.js';
import { firstPage } from './helpers.js';
import { addAccount, appWithTrees, signedIn } from './identity-fixtures.js';

// The account list runs through prepared statements shared by every caller of the same filter shape (db/prepared.ts):
// these calls check that each caller's own values, not the first caller's, decide what a shared statement answers.

const { ctx, admin, north, south } = await appWithTrees({ north: 'North', south: 'South' });
afterAll(() => ctx.close());

const usernames = (page: { records: { username: string }[] }) => page.records.map((r) => r.username).sort();

describe('the account list', () => {
  it('shows two Company Admins of different companies each their own accounts, one after the other', async () => {
    const northBoss = await signedIn(ctx, 'list.boss.north', 'COMPANY_ADMIN', north);
    const southBoss = await signedIn(ctx, 'list.boss.south', 'COMPANY_ADMIN', south);
    await addAccount(ctx, 'list.fleet.north', 'FLEET_ADMIN', north);
    await addAccount(ctx, 'list.site.north', 'SITE_ADMIN', north);
    await addAccount(ctx, 'list.fleet.south', 'FLEET_ADMIN', south);
    for (let round = 0; round < 2; round++) {
      const seenByNorth = (await call(ctx, northBoss.token, accountApi.list, { page: 1, limit: 500 })).data;
      const seenBySouth = (await call(ctx, southBoss.token, accountApi.list, { page: 1, limit: 500 })).data;
      expect(usernames(seenByNorth)).toEqual(['list.fleet.north', 'list.site.north']);
      expect(seenByNorth.total).toBe(2);
      expect(usernames(seenBySouth)).toEqual(['list.fleet.south']);
      expect(seenBySouth.total).toBe(1);
    }
  });

  it('narrows by organisation, role and state with the caller’s values, and pages newest first', async () => {
    const fleetId = await addAccount(ctx, 'filter.fleet', 'FLEET_ADMIN', north);
    await addAccount(ctx, 'filter.site', 'SITE_ADMIN', north);
    await call(ctx, admin, accountApi.setState, { uid: fleetId, state: 'disabled' });
    const bySite = (await call(ctx, admin, accountApi.list, { ...firstPage, orgId: north.site, username: 'filter.' })).data;
    expect(usernames(bySite)).toEqual(['filter.site']);
    const byFleet = (await call(ctx, admin, accountApi.list, { ...firstPage, orgId: north.fleet, username: 'filter.' })).data;
    expect(usernames(byFleet)).toEqual(['filter.fleet', 'filter.site']);
    const disabled = (await call(ctx, admin, accountApi.list, { ...firstPage, state: 'disabled', username: 'filter.' })).data;
    expect(usernames(disabled)).toEqual(['filter.fleet']);
    const sites = (await call(ctx, admin, accountApi.list, { ...firstPage, role: 'SITE_ADMIN', username: 'filter.' })).data;
    expect(usernames(sites)).toEqual(['filter.site']);
    const first = (await call(ctx, admin, accountApi.list, { username: 'filter.', page: 1, limit: 1 })).data;
    const second = (await call(ctx, admin, accountApi.list, { username: 'filter.', page: 2, limit: 1 })).data;
    expect([first.records[0]?.username, second.records[0]?.username]).toEqual(['filter.site', 'filter.fleet']);
    expect([first.total, second.total]).toEqual([2, 2]);
  });

  it('lists the super assistants alone on the assistant list', async () => {
    await addAccount(ctx, 'helper.one', 'SUPER_ASSISTANT');
    const assistants = (await call(ctx, admin, accountApi.assistants, { page: 1, limit: 500 })).data;
    expect(assistants.records.length).toBeGreaterThan(0);
    expect(new Set(assistants.records.map((r) => r.role))).toEqual(new Set(['SUPER_ASSISTANT']));
    expect(usernames(assistants)).toContain('helper.one');
    expect(assistants.total).toBe(assistants.records.length);
    const everyone = (await call(ctx, admin, accountApi.list, { page: 1, limit: 500 })).data;
    expect(everyone.total).toBeGreaterThan(assistants.total);
  });

  it('answers an account’s info as the list shows it', async () => {
    const id = await addAccount(ctx, 'same.record', 'FLEET_ADMIN', south);
    const [listed] = (await call(ctx, admin, accountApi.list, { ...firstPage, username: 'same.record' })).data.records;
    const info = (await call(ctx, admin, accountApi.info, { uid: id })).data;
    expect(info).toEqual(listed);
    expect(info).toMatchObject({ uid: id, fleetName: 'Fleet South', companyName: 'Company South', googleAuthBound: false });
  });
});
