import { createHash } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eventApi, objectApi } from '@safety-shield/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { eventTag, incident, incidentHistory, incidentResource } from '../src/db/schema.js';
import { purgeExpiredEvidence } from '../src/modules/incidents/retention.js';
import { DiskStore } from '../src/storage/disk-store.js';
import { parseRange } from '../src/storage/routes.js';
import { ObjectSigner } from '../src/storage/signed-urls.js';
import { recordedUpload, recordUpload } from '../src/storage/upload-records.js';
import { call, urlOf } from './api-client.js';
import { login, testApp, testConfig } from './helpers.js';
import { seedTree, signedIn } from './identity-fixtures.js';
import { oneUploadPerLink } from './upload-fixtures.js';

let ctx: Awaited<ReturnType<typeof testApp>>;
const signer = new ObjectSigner(testConfig.secretKey);
/** A JPEG as far as its first bytes go, and some bytes after. */
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5000, 7)]);
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const putGrant = (key: string, extra: object = {}) =>
  signer.sign({ op: 'put', key, exp: Date.now() + 60_000, maxBytes: 10_000, contentType: 'image/jpeg', ...extra });
/** The bytes go raw, as a device PUTs them: a call sends no body to a raw upload. */
const upload = (token: string, body: Buffer, contentType = 'image/jpeg') =>
  ctx.app.inject({ method: 'PUT', url: urlOf(objectApi.upload, { token }), payload: body, headers: { 'content-type': contentType } });
const download = async (token: string, headers: Record<string, string> = {}) =>
  (await call(ctx, undefined, objectApi.download, { token }, { headers })).res;

/** A second portal node on the same database and the same DATA_DIR/objects. */
let nodeB: Awaited<ReturnType<typeof buildApp>>;
const urls: [string, string] = ['', ''];

beforeAll(async () => {
  ctx = await testApp();
  nodeB = await buildApp(testConfig, ctx.database, { logger: false });
  urls[0] = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  urls[1] = await nodeB.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await nodeB.close();
  await ctx.close();
});

oneUploadPerLink('the disk store', () => ({ urls, db: ctx.database.db }));

describe('the evidence store', () => {
  it('stores an upload under a signed URL with its SHA-256 and serves it with ranges', async () => {
    const res = await upload(putGrant('incident/1/a', { sha256: sha(jpeg) }), jpeg);
    expect(res.json()).toMatchObject({ code: 200, data: { size: jpeg.length, sha256: sha(jpeg) } });
    const get = signer.sign({ op: 'get', key: 'incident/1/a', exp: Date.now() + 60_000, contentType: 'image/jpeg' });
    const whole = await download(get);
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(jpeg)).toBe(true);
    const part = await download(get, { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${jpeg.length}`);
    expect(part.rawPayload.equals(jpeg.subarray(100, 200))).toBe(true);
    expect((await download(get, { range: 'bytes=99999-' })).statusCode).toBe(416);
  });

  it('refuses forged, expired, oversized, mislabelled and altered uploads, leaving nothing behind', async () => {
    const token = putGrant('incident/2/a');
    const forged = `${token.split('.')[0]}.AAAA`;
    expect((await upload(forged, jpeg)).statusCode).toBe(403);
    expect(
      (await upload(signer.sign({ op: 'put', key: 'incident/2/a', exp: Date.now() - 1, maxBytes: 10, contentType: 'image/jpeg' }), jpeg))
        .statusCode,
    ).toBe(403);
    expect((await upload(putGrant('incident/2/b', { maxBytes: 100 }), jpeg)).statusCode).toBe(413);
    expect((await upload(token, Buffer.from('not a picture at all'))).statusCode).toBe(400);
    expect((await upload(token, jpeg, 'video/mp4')).statusCode).toBe(415);
    expect((await upload(putGrant('incident/2/c', { sha256: sha(Buffer.from('other')) }), jpeg)).statusCode).toBe(422);
    // A download grant does not upload, and nothing of the refused uploads is there to download.
    const get = (key: string) => signer.sign({ op: 'get', key, exp: Date.now() + 60_000 });
    expect((await upload(get('incident/2/a'), jpeg)).statusCode).toBe(403);
    for (const key of ['incident/2/a', 'incident/2/b', 'incident/2/c']) {
      expect((await download(get(key))).statusCode).toBe(404);
    }
  });

  it('records one of two uploads of a key that both finished staging, and publishes only that one', async () => {
    const store = new DiskStore(path.join(testConfig.dataDir ?? '', 'objects'));
    const bodies = [jpeg, Buffer.concat([jpeg, jpeg])];
    const staged = await Promise.all(
      bodies.map((body) => store.stage('once/staged', Readable.from([body]), { maxBytes: 20_000, contentType: 'image/jpeg' })),
    );
    const recorded = await Promise.all(
      staged.map((upload) =>
        recordUpload(ctx.database.db, 'once/staged', upload, async () => upload.stored).finally(() => upload.discard()),
      ),
    );
    expect(recorded.filter((result) => result !== null)).toHaveLength(1);
    const winner = recorded[0]?.value ?? recorded[1]?.value;
    expect(await recordedUpload(ctx.database.db, 'once/staged')).toEqual(winner);
    const object = await store.get('once/staged');
    expect(object?.size).toBe(winner?.size);
  });

  it('parses byte ranges', () => {
    expect(parseRange(undefined, 10)).toBeNull();
    expect(parseRange('bytes=0-4', 10)).toEqual({ start: 0, end: 4 });
    expect(parseRange('bytes=5-', 10)).toEqual({ start: 5, end: 9 });
    expect(parseRange('bytes=-3', 10)).toEqual({ start: 7, end: 9 });
    expect(parseRange('bytes=8-100', 10)).toEqual({ start: 8, end: 9 });
    expect(parseRange('bytes=10-', 10)).toBe('invalid');
    expect(parseRange('items=0-1', 10)).toBe('invalid');
  });

  it('hands a signed URL of stored evidence to those who see the incident only', async () => {
    const admin = await login(ctx.app);
    const tree = await seedTree(ctx, admin, 'Evidence');
    const other = await seedTree(ctx, admin, 'Strangers');
    const mine = (await signedIn(ctx, 'evidence.fleet', 'FLEET_ADMIN', tree)).token;
    const theirs = (await signedIn(ctx, 'evidence.other', 'COMPANY_ADMIN', other)).token;
    const [row] = await ctx.database.db
      .insert(incident)
      .values({
        deviceId: 1,
        messageId: 'e1',
        deviceUuid: 'EVD-1',
        type: 'collision',
        triggerAt: new Date(),
        belongAgentId: tree.agent,
        belongCompanyId: tree.company,
        belongFleetId: tree.fleet,
      })
      .returning({ id: incident.id });
    const eventId = row?.id ?? 0;
    const [stored, pending] = await ctx.database.db
      .insert(incidentResource)
      .values([
        { incidentId: eventId, deviceResourceId: 'p1', kind: 'picture', state: 5, objectKey: 'incident/1/a', contentType: 'image/jpeg' },
        { incidentId: eventId, deviceResourceId: 'v1', kind: 'video', state: 2 },
      ])
      .returning({ id: incidentResource.id });
    const granted = await call(ctx, mine, eventApi.resourceUrl, { eventId, resourceId: stored?.id ?? 0 });
    expect(granted.data.url).toMatch(/^\/objects\//);
    const file = await ctx.app.inject({ method: 'GET', url: granted.data.url });
    expect(file.rawPayload.equals(jpeg)).toBe(true);
    expect(await call(ctx, mine, eventApi.resourceUrl, { eventId, resourceId: pending?.id ?? 0 })).toMatchObject({
      codeKey: 'EVENT_RESOURCE_NOT_EXIST',
    });
    expect(await call(ctx, theirs, eventApi.resourceUrl, { eventId, resourceId: stored?.id ?? 0 })).toMatchObject({
      codeKey: 'PERMISSION_CHECK_FAIL',
    });
  });

  it('deletes evidence past its tag’s hold days, exactly what is due, and says so in the history', async () => {
    const admin = await login(ctx.app);
    const tree = await seedTree(ctx, admin, 'Retention');
    const [tag] = await ctx.database.db
      .insert(eventTag)
      .values({ name: 'Short', holdDays: 2, belongAgentId: tree.agent, belongCompanyId: tree.company })
      .returning({ id: eventTag.id });
    const day = 24 * 3_600_000;
    const make = async (name: string, ageDays: number) => {
      const key = `retention/${name}`;
      expect((await upload(putGrant(key), jpeg)).statusCode).toBe(200);
      const [row] = await ctx.database.db
        .insert(incident)
        .values({
          deviceId: 1,
          messageId: name,
          deviceUuid: 'RET-1',
          type: 'overSpeed',
          tagId: tag?.id,
          triggerAt: new Date(Date.now() - ageDays * day),
          belongAgentId: tree.agent,
          belongCompanyId: tree.company,
        })
        .returning({ id: incident.id });
      await ctx.database.db
        .insert(incidentResource)
        .values({ incidentId: row?.id ?? 0, deviceResourceId: name, kind: 'picture', state: 6, objectKey: key });
      return { key, id: row?.id ?? 0 };
    };
    const old = await make('old', 3);
    const fresh = await make('fresh', 1);
    const store = new DiskStore(path.join(testConfig.dataDir ?? '', 'objects'));
    expect(await purgeExpiredEvidence(ctx.database.db, store)).toBe(1);
    expect(await store.get(old.key)).toBeNull();
    expect(await store.get(fresh.key)).not.toBeNull();
    const [kept] = await ctx.database.db.select().from(incidentResource).where(eq(incidentResource.incidentId, old.id));
    expect(kept?.objectKey).toBeNull();
    const history = await ctx.database.db.select().from(incidentHistory).where(eq(incidentHistory.incidentId, old.id));
    expect(history.map((h) => h.action)).toEqual(['evidenceExpired']);
    expect(await purgeExpiredEvidence(ctx.database.db, store)).toBe(0);
  });
});
