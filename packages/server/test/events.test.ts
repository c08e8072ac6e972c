import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { eventTag, incident, incidentResource } from '../src/db/schema.js';
import { appWithTrees, call, signedIn } from './identity-fixtures.js';
import { incidentSource } from './incident-fixtures.js';

const { ctx, admin, tree, other } = await appWithTrees({ tree: 'Events', other: 'Elsewhere' });
afterAll(() => ctx.close());
const companyAdmin = (await signedIn(ctx, 'ev.company', 'COMPANY_ADMIN', tree)).token;
const fleetAdmin = (await signedIn(ctx, 'ev.fleet', 'FLEET_ADMIN', tree)).token;
const otherAdmin = (await signedIn(ctx, 'ev.other', 'COMPANY_ADMIN', other)).token;
/** An incident as the gateway files it for a device of the tree's company. */
const { add: addIncident } = await incidentSource(ctx, tree, { uuid: 'EV-1', plate: 'EV 1', messagePrefix: 'm', defaults: { speed: 40 } });

describe('incidents', () => {
  it('lists a company’s incidents with filters, newest first, and keeps other companies out', async () => {
    const older = await addIncident(tree, { type: 'overSpeed', speed: 95, triggerAt: new Date(Date.now() - 3_600_000) });
    const newer = await addIncident(tree, { type: 'collision', speed: 20 });
    const theirs = await addIncident(other);
    await ctx.database.db.insert(incidentResource).values([
      { incidentId: newer, deviceResourceId: 'p1', kind: 'picture' },
      { incidentId: newer, deviceResourceId: 'v1', kind: 'video' },
    ]);
    const list = await call(ctx, fleetAdmin, 'GET', '/v2/event/list?limit=500');
    const ids = list.data.records.map((r: { eventId: number }) => r.eventId);
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
    expect(ids).not.toContain(theirs);
    const fast = await call(ctx, companyAdmin, 'GET', '/v2/event/list?minSpeed=90&type=overSpeed&type=fatigue');
    expect(fast.data.records.map((r: { eventId: number }) => r.eventId)).toEqual([older]);
    const detail = await call(ctx, fleetAdmin, 'GET', `/v2/event/info?eventId=${newer}`);
    expect(detail.data).toMatchObject({ eventId: newer, type: 'collision', pictures: 1, videos: 1, reviewState: 'unread' });
    expect(detail.data.resources.map((r: { kind: string; state: number }) => [r.kind, r.state])).toEqual([
      ['picture', 0],
      ['video', 0],
    ]);
    expect(await call(ctx, otherAdmin, 'GET', `/v2/event/info?eventId=${newer}`)).toMatchObject({
      status: 403,
      codeKey: 'PERMISSION_CHECK_FAIL',
    });
    expect(await call(ctx, admin, 'GET', '/v2/event/info?eventId=999999')).toMatchObject({ status: 404, codeKey: 'EVENT_NOT_EXIST' });
  });

  it('reviews, re-tags and comments, each in the history', async () => {
    const id = await addIncident(tree);
    const tags = await call(ctx, companyAdmin, 'GET', '/v1/event/tag');
    expect(tags.data.map((t: { defaultKind: string }) => t.defaultKind)).toEqual(['emergency', 'general', 'interactive']);
    const general = tags.data.find((t: { defaultKind: string }) => t.defaultKind === 'general');
    // A Fleet Admin reads its company's tags (its filters and re-tagging need them), not another company's.
    expect((await call(ctx, fleetAdmin, 'GET', '/v1/event/tag')).data).toEqual(tags.data);
    expect((await call(ctx, fleetAdmin, 'GET', `/v1/event/tag?companyId=${other.company}`)).codeKey).toBe('PERMISSION_CHECK_FAIL');
    expect((await call(ctx, fleetAdmin, 'PUT', '/v2/event/review', { eventId: id, tagId: general.tagId })).code).toBe(200);
    const theirTags = await call(ctx, otherAdmin, 'GET', '/v1/event/tag');
    expect(await call(ctx, fleetAdmin, 'PUT', '/v2/event/review', { eventId: id, tagId: theirTags.data[0].tagId })).toMatchObject({
      codeKey: 'EVENT_TAG_NOT_EXIST',
    });
    const reviewed = await call(ctx, companyAdmin, 'GET', `/v2/event/info?eventId=${id}`);
    expect(reviewed.data).toMatchObject({ reviewState: 'reviewed', latestReviewer: 'ev.fleet', tagName: 'General' });
    expect(await call(ctx, fleetAdmin, 'POST', '/v1/event/comment', { eventId: id, body: '   ' })).toMatchObject({
      codeKey: 'PARAM_CHECK_FAIL',
    });
    expect((await call(ctx, fleetAdmin, 'POST', '/v1/event/comment', { eventId: id, body: 'Driver called.' })).code).toBe(200);
    expect(await call(ctx, otherAdmin, 'POST', '/v1/event/comment', { eventId: id, body: 'Hi' })).toMatchObject({
      codeKey: 'PERMISSION_CHECK_FAIL',
    });
    const comments = await call(ctx, companyAdmin, 'GET', `/v1/event/comment/list?eventId=${id}`);
    expect(comments.data).toMatchObject({ total: 1, records: [{ body: 'Driver called.', username: 'ev.fleet' }] });
    const history = await call(ctx, companyAdmin, 'GET', `/v2/event/history?eventId=${id}`);
    expect(history.data.map((h: { action: string }) => h.action)).toEqual(['retagged', 'reviewed', 'commented']);
    expect((await call(ctx, companyAdmin, 'GET', `/v1/event/check/log?eventId=${id}`)).data).toHaveLength(1);
  });

  it('moves incidents to the recycle bin and back, all or none, and deletes them forever only from there', async () => {
    const a = await addIncident(tree);
    const b = await addIncident(tree);
    const theirs = await addIncident(other);
    expect(await call(ctx, companyAdmin, 'PUT', '/v2/event/info/delete/batch', { eventId: [a, theirs] })).toMatchObject({
      codeKey: 'PERMISSION_CHECK_FAIL',
    });
    expect((await call(ctx, companyAdmin, 'GET', `/v2/event/info?eventId=${a}`)).data.deletedTime).toBeNull();
    expect(await call(ctx, companyAdmin, 'PUT', '/v2/event/info/forever', { eventId: [a] })).toMatchObject({ codeKey: 'EVENT_NOT_EXIST' });
    expect((await call(ctx, companyAdmin, 'PUT', '/v2/event/info/delete/batch', { eventId: [a, b] })).code).toBe(200);
    const bin = await call(ctx, companyAdmin, 'GET', '/v2/event/list/recycleBin');
    expect(bin.data.records.map((r: { eventId: number }) => r.eventId).sort()).toEqual([a, b].sort());
    const live = await call(ctx, companyAdmin, 'GET', '/v2/event/list?limit=500');
    expect(live.data.records.map((r: { eventId: number }) => r.eventId)).not.toContain(a);
    expect((await call(ctx, companyAdmin, 'PUT', '/v2/event/info/restore', { eventId: [a] })).code).toBe(200);
    expect((await call(ctx, companyAdmin, 'PUT', '/v2/event/info/forever', { eventId: [b] })).code).toBe(200);
    expect(await ctx.database.db.select().from(incident).where(eq(incident.id, b))).toEqual([]);
    expect((await call(ctx, companyAdmin, 'GET', `/v2/event/info?eventId=${a}`)).data.deletedTime).toBeNull();
  });

  it('exports the list as .xlsx with its filters', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v2/event/export?type=collision', headers: { 'x-token': companyAdmin } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('tags', () => {
  it('manages a company’s tags: defaults, own tags, switches, hold days, delete and restore', async () => {
    const created = await call(ctx, companyAdmin, 'POST', '/v1/event/tag', { tagName: 'Night shift' });
    expect(created.code).toBe(200);
    expect(await call(ctx, companyAdmin, 'POST', '/v1/event/tag', { tagName: 'night SHIFT' })).toMatchObject({
      codeKey: 'PARAM_CHECK_FAIL',
      data: { field: 'tagName' },
    });
    const tagId = created.data.id;
    const id = await addIncident(tree, { tagId });
    expect((await call(ctx, companyAdmin, 'PUT', '/v1/event/tag/receive/video/state', { tagId, state: false })).code).toBe(200);
    expect((await call(ctx, companyAdmin, 'PUT', '/v1/event/tag/holdDays', { tagId, days: 30 })).code).toBe(200);
    expect(await call(ctx, companyAdmin, 'PUT', '/v1/event/tag/holdDays', { tagId, days: 0 })).toMatchObject({
      codeKey: 'PARAM_CHECK_FAIL',
    });
    const list = await call(ctx, companyAdmin, 'GET', '/v1/event/tag/list');
    expect(list.data.find((t: { tagId: number }) => t.tagId === tagId)).toMatchObject({
      receiveVideo: false,
      holdDays: 30,
      incidentCount: 1,
    });
    // Tags are the Super Admin's and the Company Admin's to manage.
    expect(await call(ctx, fleetAdmin, 'PUT', '/v1/event/tag/holdDays', { tagId, days: 5 })).toMatchObject({
      codeKey: 'PERMISSION_CHECK_FAIL',
    });
    expect(await call(ctx, otherAdmin, 'PUT', '/v1/event/tag/holdDays', { tagId, days: 5 })).toMatchObject({
      codeKey: 'PERMISSION_CHECK_FAIL',
    });
    expect(await call(ctx, otherAdmin, 'DELETE', `/v1/event/tag?id=${tagId}`)).toMatchObject({ codeKey: 'PERMISSION_CHECK_FAIL' });
    const general = list.data.find((t: { defaultKind: string }) => t.defaultKind === 'general');
    expect(await call(ctx, companyAdmin, 'DELETE', `/v1/event/tag?id=${general.tagId}`)).toMatchObject({ codeKey: 'PARAM_CHECK_FAIL' });
    expect((await call(ctx, companyAdmin, 'DELETE', `/v1/event/tag?id=${tagId}`)).code).toBe(200);
    expect((await call(ctx, companyAdmin, 'GET', `/v2/event/info?eventId=${id}`)).data.tagId).toBe(general.tagId);
    // Restore brings the defaults back as they came.
    await call(ctx, companyAdmin, 'PUT', '/v1/event/tag', { id: general.tagId, tagName: 'Routine' });
    await call(ctx, companyAdmin, 'PUT', '/v1/event/tag/receive/incident/state', { tagId: general.tagId, state: false });
    expect((await call(ctx, companyAdmin, 'GET', '/v1/event/tag/restore')).code).toBe(200);
    const [restored] = await ctx.database.db.select().from(eventTag).where(eq(eventTag.id, general.tagId));
    expect(restored).toMatchObject({ name: 'General', receiveIncident: true, holdDays: 90 });
    expect(await call(ctx, admin, 'GET', '/v1/event/tag/restore')).toMatchObject({ codeKey: 'PARAM_CHECK_FAIL' });
    expect((await call(ctx, admin, 'GET', `/v1/event/tag/list?companyId=${other.company}`)).data).toHaveLength(3);
  });
});
