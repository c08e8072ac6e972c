import { eventApi, logApi, objectApi, shareApi } from '@safety-shield/contract';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { account, incidentComment, incidentResource } from '../src/db/schema.js';
import { shareSigner } from '../src/modules/incidents/share-routes.js';
import { ObjectSigner } from '../src/storage/signed-urls.js';
import { call, callUnchecked, urlOf } from './api-client.js';
import { testConfig } from './helpers.js';
import { appWithTrees, signedIn } from './identity-fixtures.js';
import { incidentSource } from './incident-fixtures.js';

const { ctx, admin, tree, other } = await appWithTrees({ tree: 'Share', other: 'Foreign' });
afterAll(() => ctx.close());
const companyAdmin = await signedIn(ctx, 'sh.company', 'COMPANY_ADMIN', tree);
const fleetAdmin = (await signedIn(ctx, 'sh.fleet', 'FLEET_ADMIN', tree)).token;
const otherAdmin = (await signedIn(ctx, 'sh.other', 'COMPANY_ADMIN', other)).token;
const { add: addIncident } = await incidentSource(ctx, tree, {
  uuid: 'SH-1',
  plate: 'SH 1',
  messagePrefix: 'share',
  defaults: { speed: 42, lat: 59.9, lng: 10.7 },
});

const objects = new ObjectSigner(testConfig.secretKey);
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 3)]);

/** A picture stored in the evidence store and recorded as received (state 4). */
async function addPicture(incidentId: number) {
  const key = `incident/${incidentId}/pic`;
  const put = objects.sign({ op: 'put', key, exp: Date.now() + 60_000, maxBytes: 10_000, contentType: 'image/jpeg' });
  // The bytes go raw, as a device PUTs them: the typed call sends no body to a raw upload.
  const res = await ctx.app.inject({
    method: 'PUT',
    url: urlOf(objectApi.upload, { token: put }),
    payload: jpeg,
    headers: { 'content-type': 'image/jpeg' },
  });
  expect(res.statusCode).toBe(200);
  await ctx.database.db.insert(incidentResource).values([
    { incidentId, deviceResourceId: 'pic', kind: 'picture', state: 4, objectKey: key, contentType: 'image/jpeg' },
    // Not uploaded yet: never offered.
    { incidentId, deviceResourceId: 'vid', kind: 'video', state: 1 },
  ]);
}

const share = (token: string, eventId: number[], days = 7) => call(ctx, token, shareApi.create, { eventId, days });
const tokenOf = (url: string) => decodeURIComponent(url.split('token=')[1] ?? '');
const open = (token: string) => call(ctx, undefined, shareApi.publicList, { token });

describe('share links', () => {
  it('opens exactly the granted incidents, with evidence URLs and nothing else', async () => {
    const a = await addIncident(tree, { type: 'overSpeed', speed: 97 });
    const b = await addIncident(tree);
    const notShared = await addIncident(tree);
    await addPicture(a);
    await addPicture(notShared);
    await ctx.database.db
      .insert(incidentComment)
      .values({ incidentId: a, accountId: companyAdmin.id, username: 'sh.company', body: 'secret' });

    const link = await share(companyAdmin.token, [a, b, a], 3);
    expect(link).toMatchObject({ status: 200, data: { url: expect.stringMatching(/^\/1ncident\?token=/) } });
    expect(link.data.expireTime).toBeGreaterThan(Date.now() + 3 * 86_400_000 - 60_000);
    expect(link.data.expireTime).toBeLessThanOrEqual(Date.now() + 3 * 86_400_000);

    const opened = await open(tokenOf(link.data.url));
    expect(opened.status).toBe(200);
    expect(opened.data.expireTime).toBe(link.data.expireTime);
    expect(opened.data.records.map((r: { eventId: number }) => r.eventId).sort()).toEqual([a, b].sort());
    const first = opened.data.records.find((r: { eventId: number }) => r.eventId === a);
    expect(first).toMatchObject({ type: 'overSpeed', speed: 97, licensePlate: 'SH 1', lat: 59.9, lng: 10.7, tagName: null });
    // No reviewer, comment, organisation or device fields travel.
    expect(Object.keys(first ?? {}).sort()).toEqual(
      [
        'deviceTime',
        'eventId',
        'lat',
        'licensePlate',
        'lng',
        'localTime',
        'place',
        'resources',
        'speed',
        'tagName',
        'triggerTime',
        'type',
      ].sort(),
    );
    expect(JSON.stringify(opened.data)).not.toContain('secret');
    expect(first?.resources).toEqual([expect.objectContaining({ kind: 'picture', contentType: 'image/jpeg' })]);
    const picture = await ctx.app.inject({ method: 'GET', url: first?.resources[0]?.url ?? '' });
    expect(picture.statusCode).toBe(200);
    expect(picture.rawPayload.equals(jpeg)).toBe(true);
    expect(opened.data.resourceExpireTime).toBeLessThanOrEqual(Date.now() + 10 * 60_000);

    // The share is in each incident's history and in the operation log.
    const history = await call(ctx, companyAdmin.token, eventApi.history, { eventId: b });
    expect(history.data).toEqual([
      expect.objectContaining({ action: 'shared', username: 'sh.company', detail: expect.objectContaining({ days: 3 }) }),
    ]);
    const log = await call(ctx, admin, logApi.list, { page: 1, limit: 500 });
    expect(log.data.records).toContainEqual(
      expect.objectContaining({ action: 'event.share', username: 'sh.company', target: [a, b].sort((x, y) => x - y).join(',') }),
    );
  });

  it('refuses tampered, expired and garbage tokens with no data', async () => {
    const id = await addIncident(tree);
    const link = await share(fleetAdmin, [id]);
    const token = tokenOf(link.data.url);
    const [body, mac] = token.split('.');
    const grant = JSON.parse(Buffer.from(body ?? '', 'base64url').toString('utf8'));
    const widened = Buffer.from(JSON.stringify({ ...grant, ids: [...grant.ids, id + 1] })).toString('base64url');
    const signer = shareSigner(testConfig.secretKey);
    const expired = signer.sign({ ...grant, exp: Date.now() - 1000 });
    // An evidence URL token is signed with another purpose: it never passes as a share.
    const foreignPurpose = objects.sign({ op: 'get', key: 'x', exp: Date.now() + 60_000 });
    for (const bad of [`${widened}.${mac}`, expired, foreignPurpose, 'nonsense', `${body}.`]) {
      const res = await open(bad);
      expect(res).toMatchObject({ status: 401, codeKey: 'PERMISSION_TOKEN_FAIL', data: null });
    }
    expect(await callUnchecked(ctx, undefined, shareApi.publicList)).toMatchObject({ codeKey: 'PARAM_CHECK_FAIL' });
  });

  it('drops incidents once deleted, and closes the link when the sharer is disabled', async () => {
    const kept = await addIncident(tree);
    const binned = await addIncident(tree);
    const sharer = await signedIn(ctx, 'sh.leaving', 'COMPANY_ADMIN', tree);
    const link = await share(sharer.token, [kept, binned]);
    expect((await open(tokenOf(link.data.url))).data.records).toHaveLength(2);
    expect((await call(ctx, companyAdmin.token, eventApi.remove, { eventId: [binned] })).code).toBe(200);
    expect((await open(tokenOf(link.data.url))).data.records.map((r: { eventId: number }) => r.eventId)).toEqual([kept]);
    // What is in the recycle bin cannot be shared.
    expect(await share(companyAdmin.token, [binned])).toMatchObject({ codeKey: 'EVENT_NOT_EXIST' });
    await ctx.database.db.update(account).set({ state: 'disabled' }).where(eq(account.id, sharer.id));
    expect(await open(tokenOf(link.data.url))).toMatchObject({ status: 401, codeKey: 'PERMISSION_TOKEN_FAIL', data: null });
  });

  it('shares only incidents of the caller’s scope, all or none, and only for writers', async () => {
    const mine = await addIncident(tree);
    const theirs = await addIncident(other);
    expect(await share(otherAdmin, [mine])).toMatchObject({ status: 403, codeKey: 'PERMISSION_CHECK_FAIL' });
    expect(await share(companyAdmin.token, [mine, theirs])).toMatchObject({ status: 403, codeKey: 'PERMISSION_CHECK_FAIL' });
    expect(await share(companyAdmin.token, [mine, 999_999])).toMatchObject({ status: 403, codeKey: 'PERMISSION_CHECK_FAIL' });
    expect(await share(admin, [999_999])).toMatchObject({ status: 404, codeKey: 'EVENT_NOT_EXIST' });
    const history = await call(ctx, companyAdmin.token, eventApi.history, { eventId: mine });
    expect(history.data).toEqual([]);
    for (const [name, role] of [
      ['sh.assistant', 'SUPER_ASSISTANT'],
      ['sh.site', 'SITE_ADMIN'],
    ] as const) {
      const reader = await signedIn(ctx, name, role, role === 'SUPER_ASSISTANT' ? undefined : tree);
      expect(await share(reader.token, [mine])).toMatchObject({ status: 403, codeKey: 'PERMISSION_CHECK_FAIL' });
    }
    expect(await share(companyAdmin.token, [mine], 31)).toMatchObject({ codeKey: 'PARAM_CHECK_FAIL' });
    expect(await share(companyAdmin.token, [mine], 0)).toMatchObject({ codeKey: 'PARAM_CHECK_FAIL' });
    expect(await share(companyAdmin.token, [])).toMatchObject({ codeKey: 'PARAM_CHECK_FAIL' });
    const tooMany = Array.from({ length: 101 }, (_, i) => i + 1);
    expect(await share(companyAdmin.token, tooMany)).toMatchObject({ codeKey: 'PARAM_CHECK_FAIL' });
    expect((await call(ctx, undefined, shareApi.create, { eventId: [mine], days: 1 })).status).toBe(401);
  });

  it('offers evidence URLs only for the granted incidents', async () => {
    const granted = await addIncident(tree);
    const hidden = await addIncident(tree);
    await addPicture(granted);
    await addPicture(hidden);
    const link = await share(admin, [granted]);
    const opened = await open(tokenOf(link.data.url));
    const urls: string[] = opened.data.records.flatMap((r: { resources: { url: string }[] }) => r.resources.map((x) => x.url));
    expect(urls).toHaveLength(1);
    const [url] = urls;
    const grant = objects.verify(url?.split('/objects/')[1] ?? '');
    expect(grant).toMatchObject({ op: 'get', key: `incident/${granted}/pic` });
    // The link's token opens no evidence by itself.
    expect((await call(ctx, undefined, objectApi.download, { token: tokenOf(link.data.url) })).status).toBe(403);
  });
});
