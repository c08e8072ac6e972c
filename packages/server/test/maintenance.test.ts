import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, testApp } from './helpers.js';
import { call, GOOD_PASSWORD, seedTree, signedIn } from './identity-fixtures.js';

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
    expect((await call(ctx, admin, 'PUT', '/v1/system/maintenance', { on: true, message: 'Back at noon' })).code).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/v1/system/maintenance' })).json().data).toEqual({
      on: true,
      message: 'Back at noon',
    });

    expect(await call(ctx, boss.token, 'GET', '/v1/org/fleet/list')).toMatchObject({ status: 503, codeKey: 'SYSTEM_MAINTENANCE' });
    expect((await call(ctx, boss.token, 'GET', '/v1/account/selfInfo')).code).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/health/getReleaseVersionTime' })).statusCode).toBe(200);
    await expect(login(ctx.app, 'maint.boss', GOOD_PASSWORD)).resolves.toBeTruthy();
    expect((await call(ctx, admin, 'GET', '/v1/org/fleet/list')).code).toBe(200);
    expect((await call(ctx, boss.token, 'PUT', '/v1/system/maintenance', { on: false, message: null })).codeKey).toBe(
      'PERMISSION_CHECK_FAIL',
    );

    await call(ctx, admin, 'PUT', '/v1/system/maintenance', { on: false, message: null });
    expect((await call(ctx, boss.token, 'GET', '/v1/org/fleet/list')).code).toBe(200);
    expect((await call(ctx, boss.token, 'PUT', '/v1/system/maintenance', { on: true, message: null })).codeKey).toBe(
      'PERMISSION_CHECK_FAIL',
    );
  });
});
