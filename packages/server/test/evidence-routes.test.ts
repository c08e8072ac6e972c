import { createHash } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eventApi, logApi, resourceApi } from '@safety-shield/contract';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { incidentResource } from '../src/db/schema.js';
import { DiskStore } from '../src/storage/disk-store.js';
import { call } from './api-client.js';
import { firstPage, testConfig } from './helpers.js';
import { appWithTrees, signedIn, type Tree } from './identity-fixtures.js';
import { incidentSource } from './incident-fixtures.js';
import { zipEntries } from './zip-entries.js';

const { ctx, admin, tree, other } = await appWithTrees({ tree: 'Zip', other: 'Zap' });
afterAll(() => ctx.close());
const fleetAdmin = (await signedIn(ctx, 'ez.fleet', 'FLEET_ADMIN', tree)).token;
const otherAdmin = (await signedIn(ctx, 'ez.other', 'COMPANY_ADMIN', other)).token;
const { add: fileIncident } = await incidentSource(ctx, tree, { uuid: 'EZ-1', plate: 'EZ 1/2', messagePrefix: 'z' });
const store = new DiskStore(path.join(testConfig.dataDir ?? '', 'objects'));
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Recognisable bytes of a given length with the first bytes of the type, as the store requires. */
function fileBytes(kind: 'picture' | 'video', length: number, salt: number): Buffer {
  const bytes = Buffer.alloc(length);
  for (let i = 0; i < length; i++) bytes[i] = (i * 31 + salt) % 251;
  if (kind === 'picture') Buffer.from([0xff, 0xd8, 0xff, 0xe0]).copy(bytes);
  else Buffer.from('\0\0\0\x18ftypisom', 'latin1').copy(bytes);
  return bytes;
}

/** An incident of the tree's fleet with resources; `stored` ones are in the evidence store at state 6. */
async function addIncident(
  chain: Tree,
  resources: Array<{ kind: 'picture' | 'video'; channel: number; stored: boolean }>,
  plate = 'EZ 1/2',
) {
  const db = ctx.database.db;
  const eventId = await fileIncident(chain, { licensePlate: plate });
  const files: Array<{ resourceId: number; kind: 'picture' | 'video'; channel: number; bytes: Buffer | null }> = [];
  for (const [index, resource] of resources.entries()) {
    const [inserted] = await db
      .insert(incidentResource)
      .values({ incidentId: eventId, deviceResourceId: `r${index}`, kind: resource.kind, channel: resource.channel, state: 2 })
      .returning({ id: incidentResource.id });
    const resourceId = inserted?.id ?? 0;
    if (!resource.stored) {
      files.push({ resourceId, ...resource, bytes: null });
      continue;
    }
    const bytes = fileBytes(resource.kind, resource.kind === 'video' ? 300_000 + index : 5_000 + index, eventId + index);
    const contentType = resource.kind === 'video' ? 'video/mp4' : 'image/jpeg';
    const key = `incident/${eventId}/${resourceId}`;
    const stored = await store.put(key, Readable.from([bytes]), { maxBytes: 1_000_000, contentType });
    await db
      .update(incidentResource)
      .set({ state: 6, objectKey: key, contentType, sizeBytes: stored.size, sha256: stored.sha256 })
      .where(eq(incidentResource.id, resourceId));
    files.push({ resourceId, ...resource, bytes });
  }
  return { eventId, files };
}

/** Compression method of each entry (0 stored, 8 deflated). */
const methods = new Map<string, number>();

/** The entries of a zip: name → bytes, noting each one's compression method. */
const unzip = (buffer: Buffer) => zipEntries(buffer, (entry) => methods.set(entry.fileName, entry.compressionMethod));

const zipOf = async (token: string, eventId: number[]) => (await call(ctx, token, resourceApi.zip, { eventId })).res;

describe('evidence of several incidents', () => {
  it('zips the stored files of the chosen incidents with their SHA-256 sums, names made safe', async () => {
    const first = await addIncident(tree, [
      { kind: 'picture', channel: 1, stored: true },
      { kind: 'video', channel: 1, stored: true },
      { kind: 'picture', channel: 2, stored: false },
    ]);
    const second = await addIncident(tree, [{ kind: 'picture', channel: 2, stored: true }], '');
    const res = await zipOf(fleetAdmin, [first.eventId, second.eventId]);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toContain('incidents-evidence.zip');
    const entries = await unzip(res.rawPayload);
    const [picture, video] = first.files;
    const expected = new Map<string, Buffer>([
      [`${first.eventId}_EZ_1_2_collision/1_picture_${picture?.resourceId}.jpg`, picture?.bytes ?? Buffer.alloc(0)],
      [`${first.eventId}_EZ_1_2_collision/1_video_${video?.resourceId}.mp4`, video?.bytes ?? Buffer.alloc(0)],
      [`${second.eventId}_EZ-1_collision/2_picture_${second.files[0]?.resourceId}.jpg`, second.files[0]?.bytes ?? Buffer.alloc(0)],
    ]);
    expect([...entries.keys()].sort()).toEqual([...expected.keys(), 'SHA256SUMS'].sort());
    for (const [name, bytes] of expected) expect(entries.get(name)?.equals(bytes), name).toBe(true);
    // JPEG and MP4 are compressed already: stored as they are.
    for (const name of expected.keys()) expect(methods.get(name), name).toBe(0);
    const sums = (entries.get('SHA256SUMS')?.toString() ?? '').trim().split('\n');
    expect(sums.sort()).toEqual([...expected].map(([name, bytes]) => `${sha(bytes)}  ${name}`).sort());
    const log = await call(ctx, admin, logApi.list, { ...firstPage, action: 'event.evidence.download' });
    expect(log.data.records[0]).toMatchObject({
      username: 'ez.fleet',
      target: `${first.eventId},${second.eventId}`,
      result: 'REQUEST_SUCCESS',
    });
  });

  it('serves a video URL in byte ranges, so the console’s player can seek', async () => {
    const { eventId, files } = await addIncident(tree, [{ kind: 'video', channel: 1, stored: true }]);
    const video = files[0];
    const token = await call(ctx, fleetAdmin, eventApi.resourceUrl, { eventId, resourceId: video?.resourceId ?? 0 });
    expect(token.data.expireTime).toBeGreaterThan(Date.now());
    const part = await ctx.app.inject({ method: 'GET', url: token.data.url, headers: { range: 'bytes=100000-100999' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100000-100999/${video?.bytes?.length}`);
    expect(part.rawPayload.equals(video?.bytes?.subarray(100_000, 101_000) ?? Buffer.alloc(0))).toBe(true);
  });

  it('lists signed URLs of the stored pictures only', async () => {
    const { eventId, files } = await addIncident(tree, [
      { kind: 'picture', channel: 1, stored: true },
      { kind: 'video', channel: 1, stored: true },
      { kind: 'picture', channel: 3, stored: false },
      { kind: 'picture', channel: 2, stored: true },
    ]);
    const res = await call(ctx, fleetAdmin, resourceApi.pictures, { eventId: [eventId] });
    expect(res.code).toBe(200);
    expect(res.data.map((p) => [p.resourceId, p.channel])).toEqual([
      [files[0]?.resourceId, 1],
      [files[3]?.resourceId, 2],
    ]);
    for (const picture of res.data) {
      expect(picture).toMatchObject({ eventId, url: expect.stringMatching(/^\/objects\//), expireTime: expect.any(Number) });
      const got = await ctx.app.inject({ method: 'GET', url: picture.url });
      expect(got.statusCode).toBe(200);
      expect(got.headers['content-type']).toBe('image/jpeg');
    }
  });

  it('refuses the whole call when one incident is another organisation’s, before any zip byte', async () => {
    const { eventId } = await addIncident(tree, [{ kind: 'picture', channel: 1, stored: true }]);
    const zip = await zipOf(otherAdmin, [eventId]);
    expect(zip.statusCode).toBe(403);
    expect(zip.json()).toMatchObject({ codeKey: 'PERMISSION_CHECK_FAIL' });
    const own = await addIncident(tree, [{ kind: 'picture', channel: 1, stored: true }]);
    expect((await zipOf(fleetAdmin, [own.eventId, 999_999])).json()).toMatchObject({ codeKey: 'PERMISSION_CHECK_FAIL' });
    const pics = await call(ctx, otherAdmin, resourceApi.pictures, { eventId: [eventId] });
    expect(pics).toMatchObject({ status: 403, codeKey: 'PERMISSION_CHECK_FAIL' });
  });

  it('answers EVENT_RESOURCE_NOT_EXIST when nothing is stored yet, and checks the body', async () => {
    const { eventId } = await addIncident(tree, [{ kind: 'video', channel: 1, stored: false }]);
    const res = await zipOf(fleetAdmin, [eventId]);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toMatchObject({ codeKey: 'EVENT_RESOURCE_NOT_EXIST' });
    expect((await call(ctx, fleetAdmin, resourceApi.pictures, { eventId: [eventId] })).data).toEqual([]);
    expect((await zipOf(fleetAdmin, [])).json()).toMatchObject({ codeKey: 'PARAM_CHECK_FAIL' });
    const tooMany = Array.from({ length: 501 }, (_, i) => i + 1);
    expect((await zipOf(fleetAdmin, tooMany)).json()).toMatchObject({ codeKey: 'PARAM_CHECK_FAIL' });
  });
});
