import {
  defaultSafetyWeights,
  type Endpoint,
  type ReportQuery,
  reportApi,
  type SafetyScoreQuery,
  type SafetyWeights,
  safetyScoreApi,
  safetyScoreOf,
} from '@safety-shield/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { eventTag, gpsPoint, incident, vehicle } from '../src/db/schema.js';
import { haversineMeters } from '../src/places/distance.js';
import { call, callUnchecked } from './api-client.js';
import { appWithTrees, createOrg, signedIn } from './identity-fixtures.js';
import { isA4, readPdf } from './pdf-reader.js';

/**
 * Issue 19's safety score (docs/safety-score.md) and report: every score equals the documented formula over the
 * incidents and trails put in (by a JavaScript oracle), weights change it, scope and bad input are refused, and the
 * report's PDF reads in pdf.js as A4 in Russian and Norwegian with its charts.
 */

const MINUTE = 60_000;
const DAY = 86_400_000;
const { ctx, admin, a, b } = await appWithTrees({ a: 'Safe A', b: 'Safe B' });
afterAll(() => ctx.close());
const db = ctx.database.db;
const secondFleet = await createOrg(ctx, admin, 'fleet', { parentId: a.company, name: 'Fleet Safe A2' });
const companyA = await signedIn(ctx, 'safe.company.a', 'COMPANY_ADMIN', a);
const companyB = await signedIn(ctx, 'safe.company.b', 'COMPANY_ADMIN', b);
const fleetA = await signedIn(ctx, 'safe.fleet.a', 'FLEET_ADMIN', a);

const tags = new Map<string, number>();
for (const [tree, kinds] of [
  [a, ['emergency', 'general']],
  [b, ['general']],
] as const) {
  for (const kind of kinds) {
    const [row] = await db
      .insert(eventTag)
      .values({ name: kind, defaultKind: kind, belongAgentId: tree.agent, belongCompanyId: tree.company })
      .returning({ id: eventTag.id });
    tags.set(`${tree.company}:${kind}`, row?.id ?? 0);
  }
}

interface Car {
  id: number;
  plate: string;
  company: number;
  fleet: number;
  agent: number;
  meters: number;
  /** [type, severity] of each incident. */
  incidents: [string, 'emergency' | 'general' | 'other'][];
}
const start = Date.now() - 3 * DAY;
const cars: Car[] = [];
let messages = 0;

/** A vehicle that drove `minutes` minutes north at about 67 km/h (a position a minute) and had `incidents`. */
async function car(plate: string, chain: { agent: number; company: number; fleet: number }, minutes: number, incidents: Car['incidents']) {
  const [row] = await db
    .insert(vehicle)
    .values({ licensePlate: plate, belongAgentId: chain.agent, belongCompanyId: chain.company, belongFleetId: chain.fleet })
    .returning({ id: vehicle.id });
  const id = row?.id ?? 0;
  const device = 9000 + id;
  const points = Array.from({ length: minutes + 1 }, (_, i) => ({
    deviceId: device,
    at: new Date(start + i * MINUTE),
    vehicleId: id,
    lat: 59 + i * 0.01,
    lng: 10,
    speed: 60,
    heading: 0,
  }));
  await db.insert(gpsPoint).values(points);
  let meters = 0;
  for (let i = 1; i < points.length; i++) meters += haversineMeters(points[i - 1] as never, points[i] as never);
  if (incidents.length > 0)
    await db.insert(incident).values(
      incidents.map(([type, severity], i) => ({
        deviceId: device,
        deviceUuid: `SAFE-${id}`,
        messageId: `safe${++messages}`,
        vehicleId: id,
        licensePlate: plate,
        type,
        tagId: severity === 'other' ? null : (tags.get(`${chain.company}:${severity}`) ?? null),
        triggerAt: new Date(start + (i + 1) * MINUTE),
        belongAgentId: chain.agent,
        belongCompanyId: chain.company,
        belongFleetId: chain.fleet,
      })),
    );
  cars.push({ id, plate, ...chain, meters, incidents });
}

await car('SAFE-1', a, 30, [
  ['collision', 'emergency'],
  ['collision', 'emergency'],
]);
await car('SAFE-2', a, 60, [
  ['harshBraking', 'general'],
  ['harshBraking', 'general'],
  ['harshBraking', 'general'],
]);
await car('SAFE-3', { agent: a.agent, company: a.company, fleet: secondFleet }, 5, [['phoneUse', 'other']]);
await car('SAFE-4', b, 30, [['collision', 'general']]);

/** The oracle: the documented formula over the cars given. */
function expected(list: Car[], weights: SafetyWeights = defaultSafetyWeights) {
  const points = list
    .flatMap((c) => c.incidents)
    .reduce((sum, [type, severity]) => sum + ((weights.types as Record<string, number>)[type] ?? 0) * weights.severities[severity], 0);
  const meters = list.reduce((sum, c) => sum + c.meters, 0);
  return { score: safetyScoreOf(points, meters / 1000, weights), points, incidents: list.flatMap((c) => c.incidents).length };
}

/** Scores of the last 7 days; the rest as the query's defaults unless given. */
const list = (token: string, query: Partial<SafetyScoreQuery>) =>
  call(ctx, token, safetyScoreApi.list, { range: 'last7Days', period: 'day', level: 'vehicle', order: 'worst', limit: 10, ...query });

describe('the safety score', () => {
  it('equals the formula per vehicle, fleet and company, worst first, and leaves out vehicles that drove too little', async () => {
    const res = await list(companyA.token, { level: 'vehicle' });
    expect(res.code).toBe(200);
    const own = cars.filter((c) => c.company === a.company);
    const scored = own.filter((c) => c.meters / 1000 >= defaultSafetyWeights.minDistanceKm);
    expect(res.data.rows.map((r) => r.name)).toEqual(
      scored.sort((x, y) => (expected([x]).score ?? 0) - (expected([y]).score ?? 0)).map((c) => c.plate),
    );
    for (const row of res.data.rows) {
      const c = cars.find((x) => x.id === row.id) as Car;
      expect(row.score).toBe(expected([c]).score);
      expect(row.points).toBeCloseTo(expected([c]).points, 5);
      expect(row.distanceKm).toBeCloseTo(c.meters / 1000, 1);
    }
    expect(res.data.unscored).toBe(1);
    expect(res.data.overall.score).toBe(expected(own).score);
    expect(res.data.overall.incidents).toBe(6);
    expect(res.data.defaultWeights).toBe(true);
    expect(res.data.trend.length).toBe(7);
    expect(res.data.trend.reduce((sum: number, p: { incidents: number }) => sum + p.incidents, 0)).toBe(6);

    const best = await list(companyA.token, { level: 'vehicle', order: 'best', limit: 1 });
    expect(best.data.rows).toHaveLength(1);
    expect(best.data.rows[0]?.name).toBe('SAFE-2');

    const byFleet = await list(companyA.token, { level: 'fleet' });
    const first = byFleet.data.rows.find((r) => r.id === a.fleet);
    expect(first?.score).toBe(expected(own.filter((c) => c.fleet === a.fleet)).score);

    const companies = await list(admin, { level: 'company' });
    expect(companies.data.rows.map((r) => r.id).sort()).toEqual([a.company, b.company].sort());
    expect(companies.data.rows.find((r) => r.id === b.company)?.score).toBe(expected(cars.filter((c) => c.company === b.company)).score);
  });

  it('follows a company’s own weights, and its reset', async () => {
    const first = cars[0] as Car;
    const weights: SafetyWeights = {
      ...defaultSafetyWeights,
      types: { ...defaultSafetyWeights.types, collision: 1 },
      severities: { ...defaultSafetyWeights.severities, emergency: 1 },
    };
    const saved = await call(ctx, companyA.token, safetyScoreApi.saveWeights, { weights });
    expect(saved.code).toBe(200);
    expect(saved.data.isDefault).toBe(false);
    expect(saved.data.updatedByName).toBe('safe.company.a');
    const res = await list(companyA.token, { level: 'vehicle', vehicleId: first.id });
    expect(res.data.rows[0]?.score).toBe(expected([first], weights).score);
    expect(res.data.defaultWeights).toBe(false);
    // Another company keeps the defaults.
    const other = await call(ctx, companyB.token, safetyScoreApi.weights, {});
    expect(other.data.isDefault).toBe(true);

    const reset = await call(ctx, companyA.token, safetyScoreApi.saveWeights, { weights: null });
    expect(reset.data.isDefault).toBe(true);
    const again = await list(companyA.token, { level: 'vehicle', vehicleId: first.id });
    expect(again.data.rows[0]?.score).toBe(expected([first]).score);
  });

  it('keeps to the caller’s scope', async () => {
    const first = cars[0] as Car;
    expect((await call(ctx, companyB.token, safetyScoreApi.weights, { companyId: a.company })).codeKey).toBe('PERMISSION_CHECK_FAIL');
    expect(
      (await call(ctx, companyB.token, safetyScoreApi.saveWeights, { companyId: a.company, weights: defaultSafetyWeights })).codeKey,
    ).toBe('PERMISSION_CHECK_FAIL');
    expect((await list(companyB.token, { vehicleId: first.id })).codeKey).toBe('PERMISSION_CHECK_FAIL');
    expect((await list(companyB.token, { fleetId: a.fleet })).codeKey).toBe('PERMISSION_CHECK_FAIL');
    // A Fleet Admin reads its fleet's scores and its company's weights, and changes no weights.
    const fleet = await list(fleetA.token, { level: 'vehicle' });
    expect(fleet.data.rows.map((r) => r.name).sort()).toEqual(['SAFE-1', 'SAFE-2']);
    expect((await call(ctx, fleetA.token, safetyScoreApi.weights, {})).data.companyId).toBe(a.company);
    expect((await call(ctx, fleetA.token, safetyScoreApi.saveWeights, { weights: null })).codeKey).toBe('PERMISSION_CHECK_FAIL');
  });

  it('refuses bad input with the envelope', async () => {
    // Bad input: missing, out of bounds or of the wrong shape, so not all of it typed.
    const bad = async (endpoint: Endpoint, input: unknown) => {
      const res = await callUnchecked(ctx, admin, endpoint, input);
      expect(res.status, `${endpoint.method} ${endpoint.path} ${JSON.stringify(input)}`).toBeLessThan(500);
      return res.codeKey;
    };
    expect(await bad(safetyScoreApi.weights, {})).toBe('PARAM_CHECK_FAIL');
    expect(await bad(safetyScoreApi.weights, { companyId: 2_147_483_648 })).toBe('PARAM_CHECK_FAIL');
    expect(await bad(safetyScoreApi.weights, { companyId: 2_147_483_647 })).toBe('ORG_NOT_EXIST');
    expect(await bad(safetyScoreApi.list, { range: 'last7Days', limit: 101 })).toBe('PARAM_CHECK_FAIL');
    expect(await bad(safetyScoreApi.list, { range: 'forever' })).toBe('PARAM_CHECK_FAIL');
    const weights = (change: Record<string, unknown>) => ({ companyId: a.company, weights: { ...defaultSafetyWeights, ...change } });
    expect(await bad(safetyScoreApi.saveWeights, weights({ scale: 0 }))).toBe('PARAM_CHECK_FAIL');
    expect(await bad(safetyScoreApi.saveWeights, weights({ types: { ...defaultSafetyWeights.types, collision: 101 } }))).toBe(
      'PARAM_CHECK_FAIL',
    );
    expect(await bad(safetyScoreApi.saveWeights, weights({ types: { collision: 1 } }))).toBe('PARAM_CHECK_FAIL');
    expect(await bad(safetyScoreApi.saveWeights, weights({ severities: { ...defaultSafetyWeights.severities, mild: 1 } }))).toBe(
      'PARAM_CHECK_FAIL',
    );
    expect(await bad(safetyScoreApi.saveWeights, { companyId: a.company })).toBe('PARAM_CHECK_FAIL');
  });
});

describe('the report', () => {
  it('holds the overview, the fleets’ scores, the worst vehicles and coaching of its range', async () => {
    const res = await call(ctx, companyA.token, reportApi.report, { range: 'last7Days' });
    expect(res.code).toBe(200);
    expect(res.data.title).toBe('Company Safe A');
    expect(res.data.overview.total).toBe(6);
    expect(res.data.safety.worstVehicles[0]?.name).toBe('SAFE-1');
    expect(res.data.safety.overall.score).toBe(expected(cars.filter((c) => c.company === a.company)).score);
    expect(res.data.coaching.marked).toBe(0);
    // A custom span of whole days: the same incidents, counted by week beyond a month.
    const from = new Date(start - 40 * DAY).toISOString().slice(0, 10);
    const to = new Date(start + DAY).toISOString().slice(0, 10);
    const custom = await call(ctx, companyA.token, reportApi.report, { range: 'custom', fromDay: from, toDay: to });
    expect(custom.code).toBe(200);
    expect(custom.data.overview.total).toBe(6);
    expect(custom.data.overview.period).toBe('week');
    expect(custom.data.overview.span.fromDay).toBe(from);
  });

  it('refuses bad ranges and other organisations', async () => {
    const report = (token: string, query: ReportQuery) => call(ctx, token, reportApi.report, query);
    for (const query of [
      { range: 'custom' },
      { range: 'custom', fromDay: '2026-01-01' },
      { range: 'custom', fromDay: '2026-02-30', toDay: '2026-03-01' },
      { range: 'custom', fromDay: '2026-03-02', toDay: '2026-03-01' },
      { range: 'custom', fromDay: '2024-01-01', toDay: '2026-01-01' },
      { range: 'custom', fromDay: '2026-01-01', toDay: '2026-1-2' },
      { range: 'last7Days', fromDay: '2026-01-01' },
      { range: 'custom', fromDay: '2026-01-01\u0000', toDay: '2026-01-02' },
    ] as const) {
      const res = await report(companyA.token, query);
      expect(res.codeKey, JSON.stringify(query)).toBe('PARAM_CHECK_FAIL');
    }
    expect((await report(companyB.token, { range: 'last7Days', companyId: a.company })).codeKey).toBe('PERMISSION_CHECK_FAIL');
    const pdf = await call(ctx, companyB.token, reportApi.reportPdf, { range: 'last7Days', fleetId: a.fleet });
    expect(pdf.codeKey).toBe('PERMISSION_CHECK_FAIL');
  });

  it('names the PDF by the report’s period and says “no data” where a chart has none (issue 29)', async () => {
    const empty = { range: 'custom', fromDay: '2001-11-01', toDay: '2001-11-30' } as const;
    for (const [language, noData] of [
      ['en', 'No data for this period'],
      ['de', 'Keine Daten für diesen Zeitraum'],
    ] as const) {
      const { res } = await call(ctx, companyA.token, reportApi.reportPdf, { ...empty, language });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBe('attachment; filename="safety-report-2001-11-01_2001-11-30.pdf"');
      const text = (await readPdf(res.rawPayload)).pages.map((p) => p.text).join(' ');
      // Incidents and distance over time, the safety score over time: three charts, none with data.
      expect(text.split(noData).length - 1, text).toBe(3);
      if (language === 'de') {
        expect(text).toContain('Vorfälle nach Label');
        expect(text).not.toContain('Kennzeichnung');
      }
    }
    // A range read at the call: its first and last local day, not the day it was made.
    const report = await call(ctx, companyA.token, reportApi.report, { range: 'last7Days' });
    const { fromDay, toDay } = report.data.overview.span;
    const { res } = await call(ctx, companyA.token, reportApi.reportPdf, { range: 'last7Days', language: 'en' });
    expect(res.headers['content-disposition']).toBe(`attachment; filename="safety-report-${fromDay}_${toDay}.pdf"`);
    expect(fromDay < toDay).toBe(true);
  });

  it('prints as an A4 PDF in Russian and Norwegian, with vector charts and page numbers', async () => {
    for (const [language, words] of [
      [
        'ru',
        ['Отчёт о безопасности', 'Транспортные средства с самой низкой оценкой безопасности', 'Company Safe A', 'SAFE-1', 'Столкновение'],
      ],
      ['nb', ['Sikkerhetsrapport', 'Kjøretøy med lavest sikkerhetspoeng', 'Sjåførveiledning', 'SAFE-2']],
    ] as const) {
      const { res } = await call(ctx, companyA.token, reportApi.reportPdf, { range: 'last7Days', language });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const pdf = await readPdf(res.rawPayload);
      expect(pdf.language).toBe(language);
      expect(pdf.pages.every(isA4)).toBe(true);
      const text = pdf.pages.map((p) => p.text).join(' ');
      for (const word of words) expect(text, word).toContain(word);
      expect(pdf.pages.reduce((sum, p) => sum + p.fills + p.strokes, 0)).toBeGreaterThan(20);
      expect(pdf.pages.every((p) => p.fonts.every((f) => f.embedded))).toBe(true);
      expect(pdf.pages.at(-1)?.text).toContain(`${pdf.pages.length} / ${pdf.pages.length}`);
    }
  });
});
