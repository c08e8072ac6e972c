import { dashboardApi, eventApi, type Language, subscriptionApi } from '@safety-shield/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, device, incident, operationLog, org, vehicle } from '../src/db/schema.js';
import { windowOf } from '../src/modules/dashboard/window.js';
import { call, callUnchecked } from './api-client.js';
import { appWithTrees, signedIn, subscriptionTerms, type Tree } from './identity-fixtures.js';
import { isA4, readPdf } from './pdf-reader.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The company admin's days begin at midnight in Tokyo (UTC+9, no daylight saving). */
const TOKYO = 'Asia/Tokyo';

const { ctx, admin, tree, other } = await appWithTrees({ tree: 'Dash', other: 'Elsewhere' });
afterAll(() => ctx.close());
const companyAdmin = await signedIn(ctx, 'dash.company', 'COMPANY_ADMIN', tree);
await ctx.database.db.update(account).set({ timeZone: TOKYO }).where(eq(account.id, companyAdmin.id));
const fleetAdmin = (await signedIn(ctx, 'dash.fleet', 'FLEET_ADMIN', tree)).token;
const siteAdmin = (await signedIn(ctx, 'dash.site', 'SITE_ADMIN', tree)).token;
const otherAdmin = (await signedIn(ctx, 'dash.other', 'COMPANY_ADMIN', other)).token;
await ctx.database.db.update(org).set({ deviceQuota: 10 }).where(eq(org.id, tree.company));
const tags: { id: number; name: string }[] = (await call(ctx, companyAdmin.token, eventApi.tagList, { companyId: tree.company })).data.map(
  (t) => ({ id: t.tagId, name: t.tagName }),
);
let messages = 0;

async function addVehicle(chain: Tree, plate: string) {
  const [row] = await ctx.database.db
    .insert(vehicle)
    .values({ licensePlate: plate, belongAgentId: chain.agent, belongCompanyId: chain.company, belongFleetId: chain.fleet })
    .returning({ id: vehicle.id });
  return row?.id ?? 0;
}

async function addDevice(chain: Tree, uuid: string, fields: Partial<typeof device.$inferInsert> = {}) {
  const [row] = await ctx.database.db
    .insert(device)
    .values({ deviceUuid: uuid, belongAgentId: chain.agent, belongCompanyId: chain.company, belongFleetId: chain.fleet, ...fields })
    .returning({ id: device.id });
  return row?.id ?? 0;
}

async function addIncident(chain: Tree, triggerAt: Date, fields: Partial<typeof incident.$inferInsert> = {}) {
  messages += 1;
  await ctx.database.db.insert(incident).values({
    deviceId: 1,
    messageId: `dash${messages}`,
    deviceUuid: 'DASH',
    type: 'collision',
    triggerAt,
    belongAgentId: chain.agent,
    belongCompanyId: chain.company,
    belongFleetId: chain.fleet,
    ...fields,
  });
}

/** The instant today began in a time zone, as PostgreSQL reads it. */
async function midnightIn(zone: string): Promise<Date> {
  const result = await ctx.database.db.execute(sql`select (date_trunc('day', now() at time zone ${zone}) at time zone ${zone}) as t`);
  return new Date((result as unknown as { rows: { t: string | Date }[] }).rows[0]?.t ?? 0);
}

let midnight: Date;

beforeAll(async () => {
  // Ours: two vehicles (one with an online device), three devices (two online, one unbound and never online).
  const first = await addVehicle(tree, 'DASH 1');
  await addVehicle(tree, 'DASH 2');
  await addDevice(tree, 'DASH-A', { vehicleId: first, online: true, firstOnlineAt: new Date() });
  await addDevice(tree, 'DASH-B', { online: true, firstOnlineAt: new Date() });
  await addDevice(tree, 'DASH-C');
  // Theirs: a vehicle, an online device, incidents today; never counted for us.
  const theirs = await addVehicle(other, 'ELSE 1');
  await addDevice(other, 'ELSE-A', { vehicleId: theirs, online: true });

  midnight = await midnightIn(TOKYO);
  const now = Date.now();
  // Tokyo's today: two just after midnight (one overSpeed, general tag), one now. Yesterday: one a minute before midnight.
  await addIncident(tree, new Date(midnight.getTime() + 60_000), { type: 'overSpeed', tagId: tags[0]?.id });
  await addIncident(tree, new Date(midnight.getTime() + 120_000));
  await addIncident(tree, new Date(now - 1000), { reviewState: 'reviewed' });
  await addIncident(tree, new Date(midnight.getTime() - 60_000));
  // Ten days ago, in the recycle bin, and another company's today.
  await addIncident(tree, new Date(now - 10 * DAY));
  await addIncident(tree, new Date(now - 1000), { deletedAt: new Date() });
  await addIncident(other, new Date(now - 1000));
  await addIncident(other, new Date(now - 2000));
});

describe('the dashboard’s figures of today (dashboardApi.toDay)', () => {
  it('counts the caller’s vehicles, devices, incidents and quota, today read in the account’s time zone', async () => {
    const res = await call(ctx, companyAdmin.token, dashboardApi.toDay);
    expect(res.code).toBe(200);
    expect(res.data).toEqual({
      vehicles: { online: 1, total: 2 },
      devices: { online: 2, total: 3 },
      incidents: { today: 3, total: 5 },
      quota: { used: 3, total: 10 },
      timeZone: TOKYO,
    });
  });

  it('moves the day boundary with the account’s time zone', async () => {
    // Ten hours west of Tokyo's midnight the two early incidents and the one before midnight fall on one day.
    await ctx.database.db.update(account).set({ timeZone: 'UTC' }).where(eq(account.id, companyAdmin.id));
    const fresh = await signedIn(ctx, 'dash.utc', 'COMPANY_ADMIN', tree);
    const utcMidnight = await midnightIn('UTC');
    const inUtcToday = [midnight.getTime() + 60_000, midnight.getTime() + 120_000, Date.now() - 1000, midnight.getTime() - 60_000].filter(
      (t) => t >= utcMidnight.getTime(),
    ).length;
    const res = await call(ctx, fresh.token, dashboardApi.toDay);
    expect(res.data.timeZone).toBe('UTC');
    expect(res.data.incidents.today).toBe(inUtcToday);
    await ctx.database.db.update(account).set({ timeZone: TOKYO }).where(eq(account.id, companyAdmin.id));
  });

  it('never counts another company’s data', async () => {
    const res = await call(ctx, otherAdmin, dashboardApi.toDay);
    expect(res.data.vehicles).toEqual({ online: 1, total: 1 });
    expect(res.data.devices).toEqual({ online: 1, total: 1 });
    expect(res.data.incidents.total).toBe(2);
    expect(res.data.quota).toEqual({ used: 1, total: null });
  });

  it('gives a Site Admin nothing (SPEC section 6) and the Super Admin everything', async () => {
    const site = await call(ctx, siteAdmin, dashboardApi.toDay);
    expect(site.data).toMatchObject({
      vehicles: { online: 0, total: 0 },
      devices: { online: 0, total: 0 },
      incidents: { today: 0, total: 0 },
    });
    const all = await call(ctx, admin, dashboardApi.toDay);
    expect(all.data.vehicles.total).toBe(3);
    expect(all.data.devices).toEqual({ online: 3, total: 4 });
    expect(all.data.incidents.total).toBe(7);
  });

  it('scopes a Fleet Admin to its fleet', async () => {
    const res = await call(ctx, fleetAdmin, dashboardApi.toDay);
    expect(res.data.vehicles.total).toBe(2);
    expect(res.data.incidents.total).toBe(5);
  });
});

describe('the range calls', () => {
  it('counts the range’s incidents per type and per tag', async () => {
    const res = await call(ctx, companyAdmin.token, dashboardApi.incident, { range: 'today' });
    expect(res.data).toMatchObject({ total: 3, unread: 2 });
    expect(res.data.byType).toEqual([
      { key: 'collision', name: 'collision', count: 2 },
      { key: 'overSpeed', name: 'overSpeed', count: 1 },
    ]);
    expect(res.data.byTag).toContainEqual({ key: String(tags[0]?.id), name: tags[0]?.name, count: 1 });
    expect(res.data.byTag).toContainEqual({ key: 'none', name: null, count: 2 });
    const week = await call(ctx, companyAdmin.token, dashboardApi.incident, { range: 'last14Days' });
    expect(week.data.total).toBe(5);
  });

  it('answers every bucket of the period chart, zeros included', async () => {
    const res = await call(ctx, companyAdmin.token, dashboardApi.period, { range: 'last7Days', period: 'day' });
    expect(res.data.buckets).toHaveLength(7);
    expect(res.data.buckets.at(-1)?.count).toBe(3);
    expect(res.data.buckets.at(-2)?.count).toBe(1);
    expect(res.data.buckets.reduce((n, b) => n + b.count, 0)).toBe(4);
    expect(res.data.buckets.at(-1)?.start).toBe(midnight.getTime());
    const months = await call(ctx, companyAdmin.token, dashboardApi.period, { range: 'currentSeason', period: 'month' });
    expect(months.data.buckets.length).toBeGreaterThanOrEqual(1);
    expect(months.data.buckets.length).toBeLessThanOrEqual(3);
  });

  it('answers a candle per day from the hourly counts', async () => {
    const res = await call(ctx, companyAdmin.token, dashboardApi.candlestick, { range: 'last7Days' });
    expect(res.data.days).toHaveLength(7);
    const today = res.data.days.at(-1);
    // Today's hours run to now: the first hour holds two (three in Tokyo's first hour), the current one the newest.
    expect(today?.total).toBe(3);
    expect(today?.open).toBeGreaterThanOrEqual(2);
    expect(today?.close).toBeGreaterThanOrEqual(1);
    expect(today?.high).toBe(today?.open);
    expect(today?.low).toBeLessThanOrEqual(today?.close ?? Number.NEGATIVE_INFINITY);
    expect(res.data.days.at(-2)).toMatchObject({ close: 1, total: 1, high: 1, low: 0 });
  });

  it('lists the fleets in scope, and refuses another organisation’s fleet', async () => {
    const res = await call(ctx, companyAdmin.token, dashboardApi.fleetStatistic, { range: 'today' });
    expect(res.data.records).toEqual([
      {
        fleetId: tree.fleet,
        fleetName: 'Fleet Dash',
        companyName: 'Company Dash',
        vehicles: 2,
        devices: 3,
        devicesOnline: 2,
        incidents: 3,
      },
    ]);
    const one = await call(ctx, companyAdmin.token, dashboardApi.fleetStatistic, { range: 'today', fleetId: tree.fleet });
    expect(one.data.total).toBe(1);
    const theirs = await call(ctx, companyAdmin.token, dashboardApi.fleetStatistic, { range: 'last7Days', fleetId: other.fleet });
    expect(theirs).toMatchObject({ status: 403, codeKey: 'PERMISSION_CHECK_FAIL' });
    const missing = await call(ctx, admin, dashboardApi.fleetStatistic, { range: 'last7Days', fleetId: 999999 });
    expect(missing.codeKey).toBe('ORG_NOT_EXIST');
    const everyone = await call(ctx, admin, dashboardApi.fleetStatistic, { range: 'today' });
    expect(everyone.data.total).toBe(2);
  });

  it('refuses an unknown range or period with PARAM_CHECK_FAIL', async () => {
    expect(await callUnchecked(ctx, companyAdmin.token, dashboardApi.period, { range: 'forever' })).toMatchObject({
      status: 400,
      codeKey: 'PARAM_CHECK_FAIL',
    });
    expect(await callUnchecked(ctx, companyAdmin.token, dashboardApi.period, { period: 'decade' })).toMatchObject({
      status: 400,
      codeKey: 'PARAM_CHECK_FAIL',
    });
  });
});

describe('the status blocks', () => {
  it('reports maintenance, remote upgrade and quota figures honestly', async () => {
    const maintenance = await call(ctx, companyAdmin.token, dashboardApi.maintenance);
    expect(maintenance.data).toEqual({ alerts: 0, offline: 1, neverOnline: 1, unbound: 2 });
    const upgrade = await call(ctx, companyAdmin.token, dashboardApi.remoteUpgrade);
    expect(upgrade.data).toEqual({ tracked: true, tasks: 0, pending: 0, succeeded: 0, failed: 0 });
    const quota = await call(ctx, companyAdmin.token, dashboardApi.quotaStatus);
    expect(quota.data).toEqual({
      holder: 'company',
      holderName: 'Company Dash',
      source: 'organisation',
      total: 10,
      used: 3,
      remaining: 7,
      companiesFull: 0,
    });
  });

  it('shows the company’s subscription, whose quota then applies', async () => {
    const start = Date.now() - DAY;
    const created = await call(ctx, admin, subscriptionApi.create, {
      companyId: tree.company,
      ...subscriptionTerms('standard', 3, start, 11),
    });
    expect(created.code).toBe(200);
    const res = await call(ctx, companyAdmin.token, dashboardApi.subscription);
    expect(res.data).toMatchObject({
      current: { plan: 'standard', state: 'active', deviceQuota: 3, daysLeft: 10 },
      active: 1,
      expiringSoon: 1,
    });
    expect((await call(ctx, otherAdmin, dashboardApi.subscription)).data).toEqual({
      current: null,
      active: 0,
      suspended: 0,
      ended: 0,
      expiringSoon: 0,
    });
    const quota = await call(ctx, companyAdmin.token, dashboardApi.quotaStatus);
    expect(quota.data).toMatchObject({ source: 'subscription', total: 3, used: 3, remaining: 0 });
    // The Super Admin watches the companies that reached their quota: this one now.
    const platform = await call(ctx, admin, dashboardApi.quotaStatus);
    expect(platform.data).toMatchObject({ holder: 'platform', total: null, used: 4, companiesFull: 1 });
  });
});

describe('the dashboard’s open log (dashboardApi.logOpen) and the user guide', () => {
  it('records that the dashboard was opened', async () => {
    const res = await call(ctx, companyAdmin.token, dashboardApi.logOpen);
    expect(res.code).toBe(200);
    const lines = await ctx.database.db.select().from(operationLog).where(eq(operationLog.action, 'dashboard.open'));
    expect(lines.map((l) => l.username)).toContain('dash.company');
  });

  it('serves the user guide as a multi-page A4 PDF in the asked language, Russian included', async () => {
    const expected = { en: 'The dashboard opens after login', fr: 'Le tableau de bord', ru: 'Руководство пользователя' };
    for (const [language, words] of Object.entries(expected) as [Language, string][]) {
      const { res } = await call(ctx, companyAdmin.token, dashboardApi.userGuide, { language });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="safety-shield-user-guide-${language}.pdf"`);
      expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(res.rawPayload.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
      const pdf = await readPdf(res.rawPayload);
      expect(pdf.pages.length).toBeGreaterThanOrEqual(2);
      expect(pdf.pages.every(isA4)).toBe(true);
      expect(pdf.pages.map((page) => page.text).join(' ')).toContain(words);
    }
    expect(await callUnchecked(ctx, otherAdmin, dashboardApi.userGuide, { language: 'xx' })).toMatchObject({
      status: 400,
      codeKey: 'PARAM_CHECK_FAIL',
    });
  });
});

describe('the ranges of SPEC section 9', () => {
  // 2026-03-29 is the day Europe/Oslo moves its clocks from +01:00 to +02:00.
  const now = Date.parse('2026-04-02T10:00:00Z');
  it('begin at the caller’s local midnight, across a daylight-saving change', () => {
    const oslo = (range: Parameters<typeof windowOf>[1]) => windowOf('Europe/Oslo', range, now);
    expect(oslo('today').from.toISOString()).toBe('2026-04-01T22:00:00.000Z');
    expect(oslo('last7Days').from.toISOString()).toBe('2026-03-26T23:00:00.000Z');
    expect(oslo('currentMonth').from.toISOString()).toBe('2026-03-31T22:00:00.000Z');
    expect(oslo('lastMonth')).toMatchObject({ from: new Date('2026-02-28T23:00:00Z'), to: new Date('2026-03-31T22:00:00Z') });
    expect(oslo('currentSeason').from.toISOString()).toBe('2026-03-31T22:00:00.000Z');
    expect(windowOf('Asia/Tokyo', 'currentSeason', Date.parse('2026-01-05T00:00:00Z')).from.toISOString()).toBe('2025-12-31T15:00:00.000Z');
    expect(windowOf('UTC', 'lastMonth', Date.parse('2026-01-15T00:00:00Z')).from.toISOString()).toBe('2025-12-01T00:00:00.000Z');
  });
});
