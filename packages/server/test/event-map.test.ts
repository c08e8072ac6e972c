import { EVENT_MAP_MAX_CELLS, type EventCluster, eventMapApi, type InputOf } from '@safety-shield/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { incident } from '../src/db/schema.js';
import { call, callUnchecked } from './api-client.js';
import { appWithTrees, signedIn } from './identity-fixtures.js';
import { incidentSource } from './incident-fixtures.js';

const DAY = 86_400_000;
const now = Date.now();
/** The window most calls ask for: the last two days. */
const recent = { startTime: now - 2 * DAY, endTime: now };
const OSLO = { lat: 59.91, lng: 10.75 };
const BERLIN = { lat: 52.52, lng: 13.4 };
const SYDNEY = { lat: -33.87, lng: 151.21 };

const { ctx, admin, tree, other } = await appWithTrees({ tree: 'Map', other: 'Elsewhere' });
afterAll(() => ctx.close());
const companyAdmin = (await signedIn(ctx, 'map.company', 'COMPANY_ADMIN', tree)).token;
const fleetAdmin = (await signedIn(ctx, 'map.fleet', 'FLEET_ADMIN', tree)).token;
const siteAdmin = (await signedIn(ctx, 'map.site', 'SITE_ADMIN', tree)).token;
const otherAdmin = (await signedIn(ctx, 'map.other', 'COMPANY_ADMIN', other)).token;
const { row, add: addIncident } = await incidentSource(ctx, tree, {
  uuid: 'MAP-1',
  plate: 'MAP 1',
  messagePrefix: 'map',
  defaults: { triggerAt: new Date(now - DAY) },
});

const map = (token: string | undefined, query: InputOf<typeof eventMapApi.clusters>) => call(ctx, token, eventMapApi.clusters, query);
const counts = (clusters: EventCluster[]) => clusters.map((c) => c.count).sort((a, b) => b - a);
const sum = (clusters: EventCluster[]) => clusters.reduce((n, c) => n + c.count, 0);

let sydney: number;

beforeAll(async () => {
  // Three in Oslo within metres, one in Berlin, one in Sydney: five on the map of the last two days.
  await addIncident(tree, { ...OSLO });
  await addIncident(tree, { lat: OSLO.lat + 0.001, lng: OSLO.lng + 0.001, type: 'overSpeed' });
  await addIncident(tree, { lat: OSLO.lat + 0.002, lng: OSLO.lng + 0.002 });
  await addIncident(tree, { ...BERLIN, type: 'fatigue' });
  sydney = await addIncident(tree, { ...SYDNEY, licensePlate: 'SYD 1', triggerAt: new Date(now - DAY - 5000) });
  // Never on the map of the last two days: no position, in the recycle bin, ten days old.
  await addIncident(tree, {});
  await addIncident(tree, { ...OSLO, deletedAt: new Date() });
  await addIncident(tree, { ...OSLO, triggerAt: new Date(now - 10 * DAY) });
  // Another organisation's, right in Oslo.
  await addIncident(other, { ...OSLO });
  await addIncident(other, { ...OSLO });
});

describe('the incident map', () => {
  it('clusters by zoom, and the counts add up to the total', async () => {
    const world = await map(companyAdmin, { ...recent, zoom: 2 });
    expect(world.code).toBe(200);
    // At zoom 2 a cell is 22.5°: Oslo and Berlin share one.
    expect(world.data.total).toBe(5);
    expect(sum(world.data.clusters)).toBe(5);
    expect(counts(world.data.clusters)).toEqual([4, 1]);
    expect(world.data.truncated).toBe(false);
    // The box around all five, whatever the cells.
    expect(world.data.bounds).toEqual({ west: OSLO.lng, south: SYDNEY.lat, east: SYDNEY.lng, north: OSLO.lat + 0.002 });
    const single = world.data.clusters.find((c) => c.count === 1);
    expect(single).toMatchObject({ eventId: sydney, type: 'collision', licensePlate: 'SYD 1', triggerTime: now - DAY - 5000 });
    expect(single?.lat).toBeCloseTo(SYDNEY.lat, 6);
    const many = world.data.clusters.find((c) => c.count === 4);
    expect(many).toBeDefined();
    expect(many?.eventId).toBeUndefined();
    expect(many?.lat).toBeCloseTo((OSLO.lat * 3 + 0.003 + BERLIN.lat) / 4, 6);

    const close = await map(companyAdmin, { ...recent, zoom: 10 });
    expect(counts(close.data.clusters)).toEqual([3, 1, 1]);
    expect(close.data.total).toBe(5);
    expect((await map(fleetAdmin, { ...recent, zoom: 10 })).data.total).toBe(5);
  });

  it('filters by box, time, type and vehicle fields', async () => {
    const europe = await map(companyAdmin, { ...recent, zoom: 4, bbox: '0,40,30,70' });
    expect(europe.data.total).toBe(4);
    expect(sum(europe.data.clusters)).toBe(4);
    // Across the antimeridian: west 150° to east -170°.
    const pacific = await map(companyAdmin, { ...recent, zoom: 4, bbox: '150,-40,-170,0' });
    expect(pacific.data).toMatchObject({ total: 1, clusters: [{ eventId: sydney }] });
    const withOld = await map(companyAdmin, { startTime: now - 20 * DAY, endTime: now, zoom: 2 });
    expect(withOld.data.total).toBe(6);
    const onlyOld = await map(companyAdmin, { startTime: now - 20 * DAY, endTime: now - 5 * DAY, zoom: 2 });
    expect(onlyOld.data).toMatchObject({ total: 1, clusters: [{ count: 1 }] });
    const none = await map(companyAdmin, { startTime: now - 90 * DAY, endTime: now - 30 * DAY, zoom: 2 });
    expect(none.data).toEqual({ clusters: [], total: 0, bounds: null, cellSize: 22.5, truncated: false });
    expect((await map(companyAdmin, { ...recent, zoom: 2, type: ['fatigue', 'overSpeed'] })).data.total).toBe(2);
    expect((await map(companyAdmin, { ...recent, zoom: 2, licensePlate: 'syd' })).data.total).toBe(1);
    expect((await map(companyAdmin, { ...recent, zoom: 2, fleetId: tree.fleet })).data.total).toBe(5);
  });

  it('refuses a span over 92 days, an end before the start and bad boxes or zooms', async () => {
    const bad = [
      { startTime: now - 93 * DAY, endTime: now, zoom: 2 },
      { startTime: now, endTime: now - DAY, zoom: 2 },
      { endTime: now, zoom: 2 },
      { ...recent, zoom: 21 },
      { ...recent, zoom: 2, bbox: '0,70,30,40' },
      { ...recent, zoom: 2, bbox: '0,40,200,70' },
      { ...recent, zoom: 2, bbox: 'a,b,c,d' },
      { ...recent, zoom: 2, bbox: '1,2,3' },
    ];
    for (const query of bad) {
      const answer = await callUnchecked(ctx, companyAdmin, eventMapApi.clusters, query);
      expect(answer, JSON.stringify(query)).toMatchObject({ status: 400, codeKey: 'PARAM_CHECK_FAIL' });
    }
    expect((await map(companyAdmin, { startTime: now - 92 * DAY, endTime: now, zoom: 2 })).code).toBe(200);
  });

  it('counts only the caller’s scope: never another organisation’s, everything for the Super Admin', async () => {
    expect((await map(otherAdmin, { ...recent, zoom: 2 })).data).toMatchObject({ total: 2, clusters: [{ count: 2 }] });
    // Asking for another company narrows the caller's own scope to nothing.
    expect((await map(companyAdmin, { ...recent, zoom: 2, companyId: other.company })).data.total).toBe(0);
    expect((await map(otherAdmin, { ...recent, zoom: 2, companyId: tree.company })).data.total).toBe(0);
    expect((await map(admin, { ...recent, zoom: 2 })).data.total).toBe(7);
  });

  it('lets the Site Admin in, who has no incident scope of its own (SPEC section 6)', async () => {
    const res = await map(siteAdmin, { ...recent, zoom: 2 });
    expect(res).toMatchObject({ status: 200, data: { total: 0, clusters: [] } });
    expect((await map(undefined, { ...recent, zoom: 2 })).status).toBe(401);
  });

  it('sends at most the busiest cells and still counts the whole match', async () => {
    const start = now - 60 * DAY;
    const rows = Array.from({ length: EVENT_MAP_MAX_CELLS + 50 }, (_, i) =>
      row(tree, { lat: -50 + (i % 100) * 0.5, lng: -120 + Math.floor(i / 100) * 0.5, triggerAt: new Date(start + 1000) }),
    );
    // One cell with two, so the busiest one is known.
    rows.push(
      row(tree, { lat: 80, lng: 170, triggerAt: new Date(start + 1000) }),
      row(tree, { lat: 80, lng: 170, triggerAt: new Date(start + 2000) }),
    );
    await ctx.database.db.insert(incident).values(rows);
    const res = await map(companyAdmin, { startTime: start, endTime: start + DAY, zoom: 12 });
    expect(res.data.truncated).toBe(true);
    expect(res.data.clusters).toHaveLength(EVENT_MAP_MAX_CELLS);
    expect(res.data.total).toBe(EVENT_MAP_MAX_CELLS + 52);
    expect(res.data.clusters[0]).toMatchObject({ count: 2, lat: 80, lng: 170 });
  });
});
