import path from 'node:path';
import { Readable } from 'node:stream';
import { eventApi, logApi, resourceApi, shareApi } from '@safety-shield/contract';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../src/db/client.js';
import { incidentResource } from '../src/db/schema.js';
import { EvidenceAccessLog } from '../src/modules/incidents/access-log.js';
import { DiskStore } from '../src/storage/disk-store.js';
import { call, callUnchecked, callWithEmptyField } from './api-client.js';
import { firstPage, testConfig } from './helpers.js';
import { appWithTrees, signedIn, type Tree } from './identity-fixtures.js';
import { incidentSource } from './incident-fixtures.js';

const { ctx, admin, tree, other } = await appWithTrees({ tree: 'Audit', other: 'Elsewhere' });
afterAll(() => ctx.close());
const fleet = await signedIn(ctx, 'ea.fleet', 'FLEET_ADMIN', tree);
const company = await signedIn(ctx, 'ea.company', 'COMPANY_ADMIN', tree);
const site = (await signedIn(ctx, 'ea.site', 'SITE_ADMIN', tree)).token;
const otherAdmin = (await signedIn(ctx, 'ea.other', 'COMPANY_ADMIN', other)).token;
const { add: fileIncident } = await incidentSource(ctx, tree, { uuid: 'EA-1', plate: 'EA 1', messagePrefix: 'ea' });
const store = new DiskStore(path.join(testConfig.dataDir ?? '', 'objects'));

/** An incident of the tree's fleet with a stored picture and a stored video (state 6). */
async function addIncident(chain: Tree = tree) {
  const eventId = await fileIncident(chain);
  const ids: Record<'picture' | 'video', number> = { picture: 0, video: 0 };
  for (const kind of ['picture', 'video'] as const) {
    const bytes = Buffer.alloc(kind === 'video' ? 200_000 : 4_000, 7);
    if (kind === 'picture') Buffer.from([0xff, 0xd8, 0xff, 0xe0]).copy(bytes);
    else Buffer.from('\0\0\0\x18ftypisom', 'latin1').copy(bytes);
    const contentType = kind === 'video' ? 'video/mp4' : 'image/jpeg';
    const [row] = await ctx.database.db
      .insert(incidentResource)
      .values({ incidentId: eventId, deviceResourceId: kind, kind, channel: 1, state: 2 })
      .returning({ id: incidentResource.id });
    const key = `incident/${eventId}/${row?.id}`;
    const stored = await store.put(key, Readable.from([bytes]), { maxBytes: 1_000_000, contentType });
    await ctx.database.db
      .update(incidentResource)
      .set({ state: 6, objectKey: key, contentType, sizeBytes: stored.size, sha256: stored.sha256 })
      .where(eq(incidentResource.id, row?.id ?? 0));
    ids[kind] = row?.id ?? 0;
  }
  return { eventId, ...ids };
}

const signedUrlOf = async (token: string, eventId: number, resourceId: number) =>
  (await call(ctx, token, eventApi.resourceUrl, { eventId, resourceId })).data.url;
const fetchFrom = (url: string, address: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
  ctx.app.inject({ method, url, headers, remoteAddress: address });
const accessOf = async (token: string, eventId: number) => call(ctx, token, eventApi.accessList, { ...firstPage, eventId });
/** The access list once `count` lines are there (they are written in the background). */
async function settledAccess(eventId: number, count: number) {
  let records: unknown[] = [];
  await vi.waitFor(async () => {
    records = (await accessOf(company.token, eventId)).data.records;
    expect(records.length).toBeGreaterThanOrEqual(count);
  });
  // Anything more would have been written by now too.
  await new Promise((resolve) => setTimeout(resolve, 50));
  return (await accessOf(company.token, eventId)).data.records;
}

describe('evidence access audit', () => {
  it('records a picture view once, with who, when, which file and the address it came from', async () => {
    const { eventId, picture } = await addIncident();
    const before = Date.now();
    const url = await signedUrlOf(fleet.token, eventId, picture);
    // Signing the URL is not a view.
    expect((await accessOf(company.token, eventId)).data).toEqual({ records: [], total: 0 });
    // A forwarded address counts only from a proxy the portal trusts (TRUST_PROXY, off here).
    expect((await fetchFrom(url, '203.0.113.7', { 'x-forwarded-for': '10.9.9.9' })).statusCode).toBe(200);
    // The same file fetched again by the same viewer (a re-render, a renewed URL) continues that view.
    expect((await fetchFrom(await signedUrlOf(fleet.token, eventId, picture), '203.0.113.7')).statusCode).toBe(200);
    const records = await settledAccess(eventId, 1);
    expect(records).toEqual([
      {
        id: expect.any(Number),
        time: expect.any(Number),
        accountId: fleet.id,
        username: 'ea.fleet',
        role: 'FLEET_ADMIN',
        shareLinkId: null,
        resourceId: picture,
        kind: 'picture',
        action: 'view',
        ip: '203.0.113.7',
      },
    ]);
    expect(records[0]?.time).toBeGreaterThanOrEqual(before - 1000);
    expect(records[0]?.time).toBeLessThanOrEqual(Date.now());
  });

  it('counts a video played in ranges once: the fetch from byte 0, not the follow-ups, not a HEAD', async () => {
    const { eventId, video } = await addIncident();
    const url = await signedUrlOf(fleet.token, eventId, video);
    expect((await fetchFrom(url, '198.51.100.2', { range: 'bytes=1000-1999' })).statusCode).toBe(206);
    expect((await fetchFrom(url, '198.51.100.2', {}, 'HEAD')).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await accessOf(company.token, eventId)).data.total).toBe(0);
    expect((await fetchFrom(url, '198.51.100.2', { range: 'bytes=0-' })).statusCode).toBe(206);
    expect((await fetchFrom(url, '198.51.100.2', { range: 'bytes=65536-' })).statusCode).toBe(206);
    expect((await fetchFrom(url, '198.51.100.2', { range: 'bytes=131072-199999' })).statusCode).toBe(206);
    const records = await settledAccess(eventId, 1);
    expect(records).toEqual([expect.objectContaining({ resourceId: video, kind: 'video', action: 'view', username: 'ea.fleet' })]);
    // Another viewer is another view.
    expect((await fetchFrom(await signedUrlOf(company.token, eventId, video), '198.51.100.3', { range: 'bytes=0-' })).statusCode).toBe(206);
    expect((await settledAccess(eventId, 2)).map((r) => r.username)).toEqual(['ea.company', 'ea.fleet']);
  });

  it('records a zip as a download of each incident in it, and picture URLs handed out in a batch as downloads', async () => {
    const first = await addIncident();
    const second = await addIncident();
    // The remote address is an inject option a call does not pass: the request is built from the declaration here.
    const zip = await ctx.app.inject({
      method: resourceApi.zip.method,
      url: resourceApi.zip.path,
      headers: { 'x-token': fleet.token },
      payload: { eventId: [first.eventId, second.eventId] },
      remoteAddress: '192.0.2.44',
    });
    expect(zip.statusCode).toBe(200);
    for (const { eventId } of [first, second]) {
      expect(await settledAccess(eventId, 1)).toEqual([
        expect.objectContaining({ accountId: fleet.id, resourceId: null, kind: 'zip', action: 'download', ip: '192.0.2.44' }),
      ]);
    }
    const pictures = await call(ctx, fleet.token, resourceApi.pictures, { eventId: [first.eventId] });
    expect((await fetchFrom(pictures.data[0]?.url ?? '', '192.0.2.44')).statusCode).toBe(200);
    expect((await settledAccess(first.eventId, 2))[0]).toMatchObject({ resourceId: first.picture, kind: 'picture', action: 'download' });

    // In the operation log as lines of their own kind, filterable and exported.
    const log = await call(ctx, admin, logApi.list, { ...firstPage, action: 'evidence.zip' });
    // One statement wrote both lines: same time, either order.
    expect(log.data.records.slice(0, 2)).toEqual(
      expect.arrayContaining(
        [second.eventId, first.eventId].map((eventId) =>
          expect.objectContaining({
            username: 'ea.fleet',
            role: 'FLEET_ADMIN',
            action: 'evidence.zip.download',
            target: String(eventId),
            result: 'REQUEST_SUCCESS',
            ip: '192.0.2.44',
          }),
        ),
      ),
    );
    const all = await call(ctx, admin, logApi.list, { page: 1, limit: 500 });
    expect(all.data.total).toBe(all.data.records.length);
    expect(all.data.records.map((r) => r.action)).toEqual(
      expect.arrayContaining(['evidence.picture.view', 'evidence.video.view', 'evidence.zip.download', 'evidence.picture.download']),
    );
    const times = all.data.records.map((r) => r.at);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const csv = (await call(ctx, admin, logApi.export, { action: 'evidence' })).res;
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(`evidence.zip.download,${first.eventId},Request succeeded,192.0.2.44`);
    expect(csv.body).toContain(`evidence.picture.download,${first.eventId}/${first.picture},Request succeeded`);
    expect(csv.body).not.toContain('account.login');
    // The viewer's own log holds its views too.
    const own = await call(ctx, fleet.token, logApi.own, { page: 1, limit: 500, action: 'evidence' });
    expect(own.data.records.every((r) => r.username === 'ea.fleet')).toBe(true);
    expect(own.data.total).toBeGreaterThanOrEqual(5);
  });

  it('records a view through a share link as the link’s, named in the incident’s shared history line', async () => {
    const { eventId, picture } = await addIncident();
    const link = await call(ctx, company.token, shareApi.create, { eventId: [eventId], days: 1 });
    const token = decodeURIComponent(link.data.url.split('token=')[1] ?? '');
    const opened = await call(ctx, undefined, shareApi.publicList, { token });
    const files = opened.data.records[0]?.resources ?? [];
    const file = files.find((r) => r.resourceId === picture);
    expect((await fetchFrom(file?.url ?? '', '100.64.0.9')).statusCode).toBe(200);
    const [record] = await settledAccess(eventId, 1);
    const history = await call(ctx, company.token, eventApi.history, { eventId });
    // The contract leaves a history line's detail open: a share's names its link.
    const { linkId } = (history.data.find((h) => h.action === 'shared')?.detail ?? {}) as { linkId?: string };
    expect(linkId).toMatch(/^[\w-]{12}$/);
    expect(record).toMatchObject({ accountId: null, username: null, role: null, shareLinkId: linkId, action: 'view', ip: '100.64.0.9' });
    const log = await call(ctx, admin, logApi.list, { ...firstPage, username: `share:${linkId}` });
    expect(log.data.records).toEqual([expect.objectContaining({ action: 'evidence.picture.view', target: `${eventId}/${picture}` })]);
  });

  it('shows the access list to those who see the incident and refuses everyone else', async () => {
    const { eventId, picture } = await addIncident();
    await fetchFrom(await signedUrlOf(company.token, eventId, picture), '203.0.113.9');
    await settledAccess(eventId, 1);
    expect((await accessOf(admin, eventId)).data.total).toBe(1);
    expect((await accessOf(fleet.token, eventId)).data.total).toBe(1);
    expect(await accessOf(otherAdmin, eventId)).toMatchObject({ status: 403, codeKey: 'PERMISSION_CHECK_FAIL', data: null });
    expect(await accessOf(site, eventId)).toMatchObject({ status: 403, codeKey: 'PERMISSION_CHECK_FAIL' });
    expect(await accessOf(admin, 2_000_000_000)).toMatchObject({ codeKey: 'EVENT_NOT_EXIST' });
    const exported = (await call(ctx, company.token, eventApi.accessExport, { eventId, filename: 'access' })).res;
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toContain('access.xlsx');
    expect(exported.rawPayload.subarray(0, 2).toString()).toBe('PK');
    const foreign = await call(ctx, otherAdmin, eventApi.accessExport, { eventId });
    expect(foreign).toMatchObject({ codeKey: 'PERMISSION_CHECK_FAIL' });
    // Another organisation's operation log does not show these lines.
    const agent = (await signedIn(ctx, 'ea.other.agent', 'AGENT_ADMIN', other)).token;
    const theirLog = await call(ctx, agent, logApi.list, { page: 1, limit: 500, action: 'evidence' });
    expect(theirLog.data).toEqual({ records: [], total: 0 });
  });

  it('answers hostile query values with the envelope', async () => {
    const { eventId } = await addIncident();
    for (const endpoint of [eventApi.accessList, eventApi.accessExport]) {
      for (const query of [
        { eventId: '\u0000' },
        { eventId: '1\u00002' },
        {},
        { eventId: '99999999999999999999' },
        { eventId: -1 },
        { eventId: 1.5 },
      ]) {
        const res = await callUnchecked(ctx, company.token, endpoint, query);
        expect(res, `${endpoint.path} ${JSON.stringify(query)}`).toMatchObject({ status: 400, codeKey: 'PARAM_CHECK_FAIL' });
      }
      const empty = await callWithEmptyField(ctx, company.token, endpoint, 'eventId');
      expect(empty, `${endpoint.path}?eventId=`).toMatchObject({ status: 400, codeKey: 'PARAM_CHECK_FAIL' });
    }
    for (const paging of [{ page: 0 }, { limit: 100000 }, { page: 2147483648 }, { limit: '\u0000' }]) {
      const res = await callUnchecked(ctx, company.token, eventApi.accessList, { eventId, ...paging });
      expect(res, JSON.stringify(paging)).toMatchObject({ status: 400, codeKey: 'PARAM_CHECK_FAIL' });
    }
    const badName = await call(ctx, company.token, eventApi.accessExport, { eventId, filename: '../x' });
    expect(badName).toMatchObject({ status: 400, codeKey: 'PARAM_CHECK_FAIL' });
    const log = await call(ctx, admin, logApi.list, { ...firstPage, action: '\u0000' });
    expect(log).toMatchObject({ status: 400, codeKey: 'PARAM_CHECK_FAIL' });
    expect((await call(ctx, admin, logApi.list, { ...firstPage, username: "%' OR 1=1 --" })).data.total).toBe(0);
  });
});

describe('recording', () => {
  it('never fails a download: a failed write is logged and the caller goes on', async () => {
    const failing = { execute: () => Promise.reject(new Error('database gone')) } as unknown as Db;
    const error = vi.fn();
    const log = new EvidenceAccessLog(failing, { error } as unknown as FastifyBaseLogger);
    const grant = {
      accountId: 1,
      username: 'x',
      role: 'FLEET_ADMIN',
      shareLinkId: null,
      eventId: 1,
      resourceId: 2,
      kind: 'picture',
      action: 'view',
    } as const;
    expect(() => log.served(grant, '127.0.0.1')).not.toThrow();
    await log.settled();
    expect(error).toHaveBeenCalledTimes(1);
    // Within the URL's lifetime the same viewer's fetches from the start are one view; after it, another.
    log.served(grant, '127.0.0.1', Date.now() + 60_000);
    log.served(grant, '127.0.0.1', Date.now() + 60_000 + 11 * 60_000);
    await log.settled();
    expect(error).toHaveBeenCalledTimes(2);
  });
});
