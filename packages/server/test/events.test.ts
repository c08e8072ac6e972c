import { eventApi } from '@safety-shield/contract';
import { eq } from 'drizzle-orm';
import { afterAll, assert, describe, expect, it } from 'vitest';
import { eventTag, incident, incidentResource } from '../src/db/schema.js';
import { call } from './api-client.js';
import { appWithTrees, signedIn } from './identity-fixtures.js';
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
    const list = await call(ctx, fleetAdmin, eventApi.list, { page: 1, limit: 500 });
    const ids = list.data.records.map((r) => r.eventId);
    expect(ids.indexOf(newer)).toBeLessThan(ids.indexOf(older));
    expect(ids).not.toContain(theirs);
    const fast = await call(ctx, companyAdmin, eventApi.list, { minSpeed: 90, type: ['overSpeed', 'fatigue'], page: 1, limit: 20 });
    expect(fast.data.records.map((r) => r.eventId)).toEqual([older]);
    const detail = await call(ctx, fleetAdmin, eventApi.info, { eventId: newer });
    expect(detail.data).toMatchObject({ eventId: newer, type: 'collision', pictures: 1, videos: 1, reviewState: 'unread' });
    expect(detail.data.resources.map((r) => [r.kind, r.state])).toEqual([
      ['picture', 0],
      ['video', 0],
    ]);
    expect(await call(ctx, otherAdmin, eventApi.info, { eventId: newer })).toMatchObject({
      status: 403,
      codeKey: 'PERMISSION_CHECK_FAIL',
    });
    expect(await call(ctx, admin, eventApi.info, { eventId: 999999 })).toMatchObject({ status: 404, codeKey: 'EVENT_NOT_EXIST' });
  });

  it('reviews, re-tags and comments, each in the history', async () => {
    const id = await addIncident(tree);
    const tags = await call(ctx, companyAdmin, eventApi.tags, {});
    expect(tags.data.map((t) => t.defaultKind)).toEqual(['emergency', 'general', 'interactive']);
    const general = tags.data.find((t) => t.defaultKind === 'general');
    assert(general, 'the default General tag');
    // A Fleet Admin reads its company's tags (its filters and re-tagging need them), not another company's.
    expect((await call(ctx, fleetAdmin, eventApi.tags, {})).data).toEqual(tags.data);
    expect((await call(ctx, fleetAdmin, eventApi.tags, { companyId: other.company })).codeKey).toBe('PERMISSION_CHECK_FAIL');
    expect((await call(ctx, fleetAdmin, eventApi.review, { eventId: id, tagId: general.tagId })).code).toBe(200);
    const [theirTag] = (await call(ctx, otherAdmin, eventApi.tags, {})).data;
    assert(theirTag, 'a tag of the other company');
    expect(await call(ctx, fleetAdmin, eventApi.review, { eventId: id, tagId: theirTag.tagId })).toMatchObject({
      codeKey: 'EVENT_TAG_NOT_EXIST',
    });
    const reviewed = await call(ctx, companyAdmin, eventApi.info, { eventId: id });
    expect(reviewed.data).toMatchObject({ reviewState: 'reviewed', latestReviewer: 'ev.fleet', tagName: 'General' });
    expect(await call(ctx, fleetAdmin, eventApi.comment, { eventId: id, body: '   ' })).toMatchObject({
      codeKey: 'PARAM_CHECK_FAIL',
    });
    expect((await call(ctx, fleetAdmin, eventApi.comment, { eventId: id, body: 'Driver called.' })).code).toBe(200);
    expect(await call(ctx, otherAdmin, eventApi.comment, { eventId: id, body: 'Hi' })).toMatchObject({
      codeKey: 'PERMISSION_CHECK_FAIL',
    });
    const comments = await call(ctx, companyAdmin, eventApi.comments, { eventId: id, page: 1, limit: 20 });
    expect(comments.data).toMatchObject({ total: 1, records: [{ body: 'Driver called.', username: 'ev.fleet' }] });
    const history = await call(ctx, companyAdmin, eventApi.history, { eventId: id });
    expect(history.data.map((h) => h.action)).toEqual(['retagged', 'reviewed', 'commented']);
    expect((await call(ctx, companyAdmin, eventApi.reviewLog, { eventId: id })).data).toHaveLength(1);
  });

  it('moves incidents to the recycle bin and back, all or none, and deletes them forever only from there', async () => {
    const a = await addIncident(tree);
    const b = await addIncident(tree);
    const theirs = await addIncident(other);
    expect(await call(ctx, companyAdmin, eventApi.remove, { eventId: [a, theirs] })).toMatchObject({
      codeKey: 'PERMISSION_CHECK_FAIL',
    });
    expect((await call(ctx, companyAdmin, eventApi.info, { eventId: a })).data.deletedTime).toBeNull();
    expect(await call(ctx, companyAdmin, eventApi.removeForever, { eventId: [a] })).toMatchObject({ codeKey: 'EVENT_NOT_EXIST' });
    expect((await call(ctx, companyAdmin, eventApi.remove, { eventId: [a, b] })).code).toBe(200);
    const bin = await call(ctx, companyAdmin, eventApi.recycleBin, { page: 1, limit: 20 });
    expect(bin.data.records.map((r) => r.eventId).sort()).toEqual([a, b].sort());
    const live = await call(ctx, companyAdmin, eventApi.list, { page: 1, limit: 500 });
    expect(live.data.records.map((r) => r.eventId)).not.toContain(a);
    expect((await call(ctx, companyAdmin, eventApi.restore, { eventId: [a] })).code).toBe(200);
    expect((await call(ctx, companyAdmin, eventApi.removeForever, { eventId: [b] })).code).toBe(200);
    expect(await ctx.database.db.select().from(incident).where(eq(incident.id, b))).toEqual([]);
    expect((await call(ctx, companyAdmin, eventApi.info, { eventId: a })).data.deletedTime).toBeNull();
  });

  it('exports the list as .xlsx with its filters', async () => {
    const { res } = await call(ctx, companyAdmin, eventApi.export, { type: ['collision'] });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});

describe('tags', () => {
  it('manages a company’s tags: defaults, own tags, switches, hold days, delete and restore', async () => {
    const created = await call(ctx, companyAdmin, eventApi.createTag, { tagName: 'Night shift' });
    expect(created.code).toBe(200);
    expect(await call(ctx, companyAdmin, eventApi.createTag, { tagName: 'night SHIFT' })).toMatchObject({
      codeKey: 'PARAM_CHECK_FAIL',
      data: { field: 'tagName' },
    });
    const tagId = created.data.id;
    const id = await addIncident(tree, { tagId });
    expect((await call(ctx, companyAdmin, eventApi.setTagReceiveVideo, { tagId, state: false })).code).toBe(200);
    expect((await call(ctx, companyAdmin, eventApi.setTagHoldDays, { tagId, days: 30 })).code).toBe(200);
    expect(await call(ctx, companyAdmin, eventApi.setTagHoldDays, { tagId, days: 0 })).toMatchObject({
      codeKey: 'PARAM_CHECK_FAIL',
    });
    const list = await call(ctx, companyAdmin, eventApi.tagList, {});
    expect(list.data.find((t) => t.tagId === tagId)).toMatchObject({
      receiveVideo: false,
      holdDays: 30,
      incidentCount: 1,
    });
    // Tags are the Super Admin's and the Company Admin's to manage.
    expect(await call(ctx, fleetAdmin, eventApi.setTagHoldDays, { tagId, days: 5 })).toMatchObject({
      codeKey: 'PERMISSION_CHECK_FAIL',
    });
    expect(await call(ctx, otherAdmin, eventApi.setTagHoldDays, { tagId, days: 5 })).toMatchObject({
      codeKey: 'PERMISSION_CHECK_FAIL',
    });
    expect(await call(ctx, otherAdmin, eventApi.removeTag, { id: tagId })).toMatchObject({ codeKey: 'PERMISSION_CHECK_FAIL' });
    const general = list.data.find((t) => t.defaultKind === 'general');
    assert(general, 'the default General tag');
    expect(await call(ctx, companyAdmin, eventApi.removeTag, { id: general.tagId })).toMatchObject({ codeKey: 'PARAM_CHECK_FAIL' });
    expect((await call(ctx, companyAdmin, eventApi.removeTag, { id: tagId })).code).toBe(200);
    expect((await call(ctx, companyAdmin, eventApi.info, { eventId: id })).data.tagId).toBe(general.tagId);
    // Restore brings the defaults back as they came.
    await call(ctx, companyAdmin, eventApi.renameTag, { id: general.tagId, tagName: 'Routine' });
    await call(ctx, companyAdmin, eventApi.setTagReceiveIncident, { tagId: general.tagId, state: false });
    expect((await call(ctx, companyAdmin, eventApi.restoreTags, {})).code).toBe(200);
    const [restored] = await ctx.database.db.select().from(eventTag).where(eq(eventTag.id, general.tagId));
    expect(restored).toMatchObject({ name: 'General', receiveIncident: true, holdDays: 90 });
    expect(await call(ctx, admin, eventApi.restoreTags, {})).toMatchObject({ codeKey: 'PARAM_CHECK_FAIL' });
    expect((await call(ctx, admin, eventApi.tagList, { companyId: other.company })).data).toHaveLength(3);
  });
});
