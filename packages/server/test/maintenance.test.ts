import { accountApi, healthApi, maintenanceApi, orgApi } from '@safety-shield/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './api-client.js';
import { firstPage, login, testApp } from './helpers.js';
import { GOOD_PASSWORD, seedTree, signedIn } from './identity-fixtures.js';

let ctx: Awaited<ReturnType<typeof testApp>>;
let admin: string;

beforeAll(async () => {
  ctx = await testApp();
  admin = await login(ctx.app);
});
afterAll(() => ctx.close());

describe('maintenance mode', () => {
  it('sends everyone but the Super Admin away with SYSTEM_MAINTENANCE, keeping health, login and selfInfo, until switched off', async () => {
    const tree = await seedTree(ctx, admin, 'Maint');
    const boss = await signedIn(ctx, 'maint.boss', 'COMPANY_ADMIN', tree);
    expect((await call(ctx, admin, maintenanceApi.setState, { on: true, message: 'Back at noon' })).code).toBe(200);
    expect((await call(ctx, undefined, maintenanceApi.state)).data).toEqual({
      on: true,
      message: 'Back at noon',
    });

    expect(await call(ctx, boss.token, orgApi.fleetList, firstPage)).toMatchObject({ status: 503, codeKey: 'SYSTEM_MAINTENANCE' });
    expect((await call(ctx, boss.token, accountApi.selfInfo)).code).toBe(200);
    expect((await call(ctx, undefined, healthApi.releaseTime)).status).toBe(200);
    await expect(login(ctx.app, 'maint.boss', GOOD_PASSWORD)).resolves.toBeTruthy();
    expect((await call(ctx, admin, orgApi.fleetList, firstPage)).code).toBe(200);
    expect((await call(ctx, boss.token, maintenanceApi.setState, { on: false, message: null })).codeKey).toBe('PERMISSION_CHECK_FAIL');

    await call(ctx, admin, maintenanceApi.setState, { on: false, message: null });
    expect((await call(ctx, boss.token, orgApi.fleetList, firstPage)).code).toBe(200);
    expect((await call(ctx, boss.token, maintenanceApi.setState, { on: true, message: null })).codeKey).toBe('PERMISSION_CHECK_FAIL');
  });
});
