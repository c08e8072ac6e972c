import { deviceApi } from '@safety-shield/contract';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { deviceSession } from '../src/db/schema.js';
import { call, callUnchecked } from './api-client.js';
import { connectDevice, message, seedDevice, waitFor } from './gateway-fixtures.js';
import { firstPage } from './helpers.js';
import { portalWithCompanies } from './portal-fixtures.js';

/** Online time per device and day (`/device/lineSummary`): sessions kept at every offline, cut at the caller's days. */

const { portal, company, admin, other } = await portalWithCompanies('Summary');
afterAll(() => portal.close(), 60_000);
const { id: deviceId, secret } = await seedDevice(portal.database.db, company, 'SUM-1');

const summary = (token: string, from: string, to: string, zone: string) =>
  call(
    portal,
    token,
    deviceApi.onlineSummary,
    { ...firstPage, startTime: Date.parse(from), endTime: Date.parse(to) },
    { headers: { 'x-time-zone': zone } },
  );

describe('online time per device and day', () => {
  it('keeps each finished connection as a session', async () => {
    const client = await connectDevice(portal.gateway.port ?? 0, 'SUM-1', secret);
    await client.subscribeAsync('dev/SUM-1/down/#', { qos: 1 });
    await client.publishAsync('dev/SUM-1/up/hello', message({ version: 'T-1' }), { qos: 1 });
    await waitFor(async () => (await call(portal, admin, deviceApi.info, { deviceId })).data?.online);
    await client.endAsync();
    const sessions = await waitFor(async () => {
      const rows = await portal.database.db.select().from(deviceSession).where(eq(deviceSession.deviceId, deviceId));
      return rows.length === 1 ? rows : null;
    });
    expect(sessions[0]?.endedAt.getTime()).toBeGreaterThanOrEqual(sessions[0]?.startedAt.getTime() ?? 0);
  });

  it('cuts sessions at the caller’s midnights', async () => {
    await portal.database.db.insert(deviceSession).values([
      { deviceId, startedAt: new Date('2026-11-20T10:00:00Z'), endedAt: new Date('2026-11-20T12:30:00Z') },
      { deviceId, startedAt: new Date('2026-11-20T23:00:00Z'), endedAt: new Date('2026-11-21T01:00:00Z') },
    ]);
    const utc = await summary(admin, '2026-11-20T00:00:00Z', '2026-11-22T00:00:00Z', 'UTC');
    expect(utc.data.records).toEqual([
      expect.objectContaining({
        deviceId,
        deviceUuid: 'SUM-1',
        days: [
          { day: '2026-11-20', seconds: 9_000 + 3_600 },
          { day: '2026-11-21', seconds: 3_600 },
        ],
        totalSeconds: 16_200,
      }),
    ]);
    // Oslo is UTC+1 in November: the second session lies wholly in the 21st there.
    const oslo = await summary(admin, '2026-11-19T23:00:00Z', '2026-11-21T23:00:00Z', 'Europe/Oslo');
    expect(oslo.data.records[0]?.days).toEqual([
      { day: '2026-11-20', seconds: 9_000 },
      { day: '2026-11-21', seconds: 7_200 },
    ]);
    // A span cuts the sessions at its ends too.
    const part = await summary(admin, '2026-11-20T11:00:00Z', '2026-11-20T12:00:00Z', 'UTC');
    expect(part.data.records[0]?.totalSeconds).toBe(3_600);
  });

  it('exports the hours per day of a span as columns', async () => {
    const from = Date.parse('2026-11-20T00:00:00Z');
    const to = Date.parse('2026-11-22T00:00:00Z');
    const { res } = await call(
      portal,
      admin,
      deviceApi.exportOnline,
      { onlineFrom: from, onlineTo: to, keyword: 'SUM' },
      { headers: { 'x-time-zone': 'UTC' } },
    );
    expect(res.statusCode).toBe(200);
    const { default: ExcelJS } = await import('exceljs');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows = (book.worksheets[0]?.getSheetValues() ?? []).filter(Boolean) as unknown[][];
    const header = rows[0]?.slice(1) as string[];
    expect(header.slice(-3)).toEqual(['2026-11-20 hours', '2026-11-21 hours', 'Hours in span']);
    expect(rows[1]?.slice(1, 2)).toEqual(['SUM-1']);
    expect(rows[1]?.slice(-3)).toEqual([3.5, 1, 4.5]);
    // Without a span the sheet has no day columns; half a span, a long one or another company's view is refused or empty.
    const plain = await call(portal, admin, deviceApi.exportOnline, {});
    expect(plain.status).toBe(200);
    const half = await call(portal, admin, deviceApi.exportOnline, { onlineFrom: from });
    expect(half).toMatchObject({ codeKey: 'PARAM_CHECK_FAIL' });
    const long = await call(portal, admin, deviceApi.exportOnline, { onlineFrom: from - 40 * 86_400_000, onlineTo: to });
    expect(long).toMatchObject({ codeKey: 'PARAM_CHECK_FAIL' });
  });

  it('shows other organisations nothing and refuses bad spans', async () => {
    expect((await summary(other, '2026-11-20T00:00:00Z', '2026-11-22T00:00:00Z', 'UTC')).data).toEqual({ records: [], total: 0 });
    expect((await summary(admin, '2026-11-22T00:00:00Z', '2026-11-20T00:00:00Z', 'UTC')).codeKey).toBe('PARAM_CHECK_FAIL');
    expect((await summary(admin, '2026-10-01T00:00:00Z', '2026-11-20T00:00:00Z', 'UTC')).codeKey).toBe('PARAM_CHECK_FAIL');
    // 31 of Oslo's days across the autumn clock change are 31 × 24 h + 1 h: still 31 days.
    const october = await summary(admin, '2026-09-30T22:00:00Z', '2026-10-31T23:00:00Z', 'Europe/Oslo');
    expect(october).toMatchObject({ code: 200 });
    expect((await callUnchecked(portal, admin, deviceApi.onlineSummary, { startTime: 1 })).codeKey).toBe('PARAM_CHECK_FAIL');
  });
});
