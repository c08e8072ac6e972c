import { accountApi, dashboardApi } from '@safety-shield/contract';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { account } from '../src/db/schema.js';
import { type CallOptions, call } from './api-client.js';
import { solveCaptcha } from './helpers.js';
import { addAccount, appWithTrees, GOOD_PASSWORD, signedIn } from './identity-fixtures.js';

/** Issue 16: one time-zone rule, the account's zone else the browser's, the browser's kept at the first login. */
const { ctx, tree } = await appWithTrees({ tree: 'Zones' });
afterAll(() => ctx.close());

const OSLO = 'Europe/Oslo';
const TOKYO = 'Asia/Tokyo';

/** A call's options as the console makes it: with the browser's zone in x-time-zone. */
const fromBrowser = (zone: string | undefined): CallOptions => ({ headers: zone === undefined ? {} : { 'x-time-zone': zone } });

async function loginFrom(username: string, zone: string | undefined): Promise<string> {
  const res = await call(
    ctx,
    undefined,
    accountApi.login,
    { username, password: GOOD_PASSWORD, code: await solveCaptcha(ctx.app) },
    { headers: zone ? { 'x-time-zone': zone } : {} },
  );
  expect(res.code).toBe(200);
  return res.data.token ?? '';
}

const storedZone = async (id: number) =>
  (await ctx.database.db.select({ timeZone: account.timeZone }).from(account).where(eq(account.id, id)))[0]?.timeZone;

describe('the dashboard’s time zone', () => {
  it('is the account’s when it has one, whatever the browser says', async () => {
    const user = await signedIn(ctx, 'zones.tokyo', 'COMPANY_ADMIN', tree);
    await ctx.database.db.update(account).set({ timeZone: TOKYO }).where(eq(account.id, user.id));
    const today = await call(ctx, user.token, dashboardApi.toDay, undefined, fromBrowser(OSLO));
    expect(today.data.timeZone).toBe(TOKYO);
    const figures = await call(ctx, user.token, dashboardApi.incident, { range: 'today' }, fromBrowser(OSLO));
    expect(figures.data.window.timeZone).toBe(TOKYO);
  });

  it('is the browser’s, not UTC, for an account without one', async () => {
    const user = await signedIn(ctx, 'zones.none', 'COMPANY_ADMIN', tree);
    await ctx.database.db.update(account).set({ timeZone: null }).where(eq(account.id, user.id));
    expect((await call(ctx, user.token, dashboardApi.toDay, undefined, fromBrowser(OSLO))).data.timeZone).toBe(OSLO);
    const chart = await call(ctx, user.token, dashboardApi.period, { range: 'last7Days', period: 'day' }, fromBrowser(OSLO));
    expect(chart.data.window.timeZone).toBe(OSLO);
    // Oslo's days begin at its midnight: 23:00 or 22:00 UTC.
    expect([22, 23]).toContain(new Date(chart.data.window.from).getUTCHours());
    expect((await call(ctx, user.token, dashboardApi.candlestick, { range: 'today' }, fromBrowser(OSLO))).data.window.timeZone).toBe(OSLO);
  });

  it('falls back to UTC without a zone, and ignores one no engine knows', async () => {
    const user = await signedIn(ctx, 'zones.bare', 'COMPANY_ADMIN', tree);
    await ctx.database.db.update(account).set({ timeZone: null }).where(eq(account.id, user.id));
    expect((await call(ctx, user.token, dashboardApi.toDay, undefined, fromBrowser(undefined))).data.timeZone).toBe('UTC');
    for (const hint of ['Mars/Olympus', "UTC'; select pg_sleep(5); --", '+01:00', 'x'.repeat(300)]) {
      const res = await call(ctx, user.token, dashboardApi.toDay, undefined, fromBrowser(hint));
      expect(res.code, hint).toBe(200);
      expect(res.data.timeZone, hint).toBe('UTC');
    }
  });
});

describe('the account’s time zone', () => {
  it('takes the browser’s at the first login of an account without one, and keeps it', async () => {
    const id = await addAccount(ctx, 'zones.first', 'COMPANY_ADMIN', tree);
    expect(await storedZone(id)).toBeNull();
    const token = await loginFrom('zones.first', OSLO);
    expect(await storedZone(id)).toBe(OSLO);
    expect((await call(ctx, token, accountApi.selfInfo)).data.baseInfo.timeZone).toBe(OSLO);
    // A later login from another browser leaves the account's choice alone.
    await loginFrom('zones.first', TOKYO);
    expect(await storedZone(id)).toBe(OSLO);
  });

  it('is not taken from a browser that names none or a bad one', async () => {
    const id = await addAccount(ctx, 'zones.nohint', 'COMPANY_ADMIN', tree);
    await loginFrom('zones.nohint', undefined);
    await loginFrom('zones.nohint', 'Not/AZone');
    expect(await storedZone(id)).toBeNull();
  });

  it('takes IANA names and refuses anything else in the envelope', async () => {
    const user = await signedIn(ctx, 'zones.self', 'COMPANY_ADMIN', tree);
    expect((await call(ctx, user.token, accountApi.updateSelf, { timeZone: TOKYO })).code).toBe(200);
    expect(await storedZone(user.id)).toBe(TOKYO);
    const hostile = ['Mars/Olympus', '+01:00', "Europe/Oslo'; drop table account; --", '../../etc/passwd', 'Europe/Oslo\u0000', '<script>'];
    for (const timeZone of hostile) {
      const res = await call(ctx, user.token, accountApi.updateSelf, { timeZone });
      expect(res.status, timeZone).toBe(400);
      expect(res.codeKey, timeZone).toBe('PARAM_CHECK_FAIL');
    }
    expect(await storedZone(user.id)).toBe(TOKYO);
    // Empty clears it: the browser's applies again.
    expect((await call(ctx, user.token, accountApi.updateSelf, { timeZone: '' })).code).toBe(200);
    expect(await storedZone(user.id)).toBeNull();
  });

  it('is checked when an admin registers or edits an account', async () => {
    const admin = await signedIn(ctx, 'zones.admin', 'COMPANY_ADMIN', tree);
    const body = { username: 'zones.new', password: GOOD_PASSWORD, rePassword: GOOD_PASSWORD, orgId: tree.fleet };
    const refused = await call(ctx, admin.token, accountApi.registerFleet, { ...body, timeZone: 'Nowhere/Land' });
    expect(refused.codeKey).toBe('PARAM_CHECK_FAIL');
    const created = await call(ctx, admin.token, accountApi.registerFleet, { ...body, timeZone: OSLO });
    expect(created.code).toBe(200);
    const edit = await call(ctx, admin.token, accountApi.update, { uid: created.data.id, timeZone: 'Europe/Nowhere' });
    expect(edit.codeKey).toBe('PARAM_CHECK_FAIL');
    expect(await storedZone(created.data.id)).toBe(OSLO);
  });
});
