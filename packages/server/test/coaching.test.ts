import { type CoachingQueueQuery, coachingApi, type Endpoint, eventApi, logApi } from '@safety-shield/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { incident, incidentCoaching } from '../src/db/schema.js';
import { coachingFigures } from '../src/modules/coaching/index.js';
import { type Answer, call, callUnchecked } from './api-client.js';
import { appWithTrees, createOrg, signedIn } from './identity-fixtures.js';
import { incidentSource } from './incident-fixtures.js';

const { ctx, admin, tree, other } = await appWithTrees({ tree: 'Coaching', other: 'Elsewhere' });
afterAll(() => ctx.close());
/** A second fleet of the same company: its fleet admin must not see the first fleet's queue. */
const secondFleet = await createOrg(ctx, admin, 'fleet', { parentId: tree.company, name: 'Fleet Coaching 2' });
const sibling = { ...tree, fleet: secondFleet };
const company = await signedIn(ctx, 'co.company', 'COMPANY_ADMIN', tree);
const fleet = await signedIn(ctx, 'co.fleet', 'FLEET_ADMIN', tree);
const siblingFleet = await signedIn(ctx, 'co.fleet2', 'FLEET_ADMIN', sibling);
const site = await signedIn(ctx, 'co.site', 'SITE_ADMIN', tree);
const stranger = await signedIn(ctx, 'co.other', 'COMPANY_ADMIN', other);
const source = await incidentSource(ctx, tree, { uuid: 'CO-1', plate: 'CO 1', messagePrefix: 'co-' });

/** An incident of the chain, reviewed unless told otherwise. */
async function incidentOf(chain = tree, fields: Partial<typeof incident.$inferInsert> = {}) {
  return source.add(chain, { reviewState: 'reviewed', reviewedAt: new Date(), ...fields });
}
const ids = (page: { records: { eventId: number }[] }) => page.records.map((r) => r.eventId);
const queue = async (token: string, filter: Partial<CoachingQueueQuery> = {}) =>
  (await call(ctx, token, coachingApi.queue, { page: 1, limit: 500, ...filter })).data;

describe('coaching', () => {
  it('marks a reviewed incident, queues it, coaches it with a note, and records every step', async () => {
    const id = await incidentOf();
    expect((await call(ctx, fleet.token, coachingApi.info, { eventId: id })).data).toMatchObject({ state: 'none', markedBy: null });
    const marked = await call(ctx, fleet.token, coachingApi.mark, { eventId: [id], note: ' Tailgating ' });
    expect(marked).toMatchObject({ code: 200, data: { marked: 1 } });
    const info = await call(ctx, company.token, coachingApi.info, { eventId: id });
    expect(info.data).toMatchObject({ state: 'needsCoaching', markedBy: 'co.fleet', markNote: 'Tailgating', closedBy: null });

    const open = await queue(fleet.token, { state: 'needsCoaching' });
    const row = open.records.find((r) => r.eventId === id);
    expect(row).toMatchObject({ type: 'collision', licensePlate: 'CO 1', fleetName: 'Fleet Coaching', markedBy: 'co.fleet' });
    expect(row?.ageMs).toBeGreaterThanOrEqual(0);

    expect(await call(ctx, fleet.token, coachingApi.coach, { eventId: id, note: 'Talked about distance.' })).toMatchObject({
      code: 200,
    });
    expect(ids(await queue(fleet.token, { state: 'needsCoaching' }))).not.toContain(id);
    expect((await call(ctx, fleet.token, coachingApi.info, { eventId: id })).data).toMatchObject({
      state: 'coached',
      closedBy: 'co.fleet',
      closingNote: 'Talked about distance.',
    });
    // Coached once: neither coached again nor dismissed, until it is reopened.
    expect(await call(ctx, fleet.token, coachingApi.coach, { eventId: id, note: 'Again' })).toMatchObject({
      status: 409,
      codeKey: 'EVENT_STATE_ERROR',
    });
    expect(await call(ctx, fleet.token, coachingApi.mark, { eventId: [id] })).toMatchObject({ codeKey: 'EVENT_STATE_ERROR' });
    const history = await call(ctx, company.token, eventApi.history, { eventId: id });
    expect(history.data.map((h) => h.action)).toEqual(['coachingMarked', 'coached']);
    const log = await call(ctx, admin, logApi.list, { action: 'coaching', page: 1, limit: 50 });
    const actions = log.data.records.map((r) => `${r.action}:${r.target}`);
    expect(actions).toEqual(expect.arrayContaining([`coaching.mark:${id}`, `coaching.coach:${id}`]));
  });

  it('dismisses with a reason and reopens, which marks it anew', async () => {
    const id = await incidentOf();
    await call(ctx, company.token, coachingApi.mark, { eventId: [id] });
    expect(await call(ctx, company.token, coachingApi.dismiss, { eventId: id, reason: '   ' })).toMatchObject({
      codeKey: 'PARAM_CHECK_FAIL',
      data: { field: 'reason' },
    });
    expect((await call(ctx, company.token, coachingApi.dismiss, { eventId: id, reason: 'Camera fault' })).code).toBe(200);
    expect((await call(ctx, company.token, coachingApi.info, { eventId: id })).data).toMatchObject({
      state: 'dismissed',
      closingNote: 'Camera fault',
    });
    expect(ids(await queue(company.token, { state: 'dismissed' }))).toContain(id);
    expect(await call(ctx, company.token, coachingApi.dismiss, { eventId: id, reason: 'Twice' })).toMatchObject({
      codeKey: 'EVENT_STATE_ERROR',
    });
    expect((await call(ctx, fleet.token, coachingApi.reopen, { eventId: id, note: 'Fault was not the camera' })).code).toBe(200);
    expect((await call(ctx, company.token, coachingApi.info, { eventId: id })).data).toMatchObject({
      state: 'needsCoaching',
      markedBy: 'co.fleet',
      markNote: 'Fault was not the camera',
      closedBy: null,
      closingNote: null,
    });
    expect(await call(ctx, fleet.token, coachingApi.reopen, { eventId: id })).toMatchObject({ codeKey: 'EVENT_STATE_ERROR' });
  });

  it('marks only reviewed, live incidents, all or none; an incident already waiting keeps its first mark', async () => {
    const unread = await incidentOf(tree, { reviewState: 'unread', reviewedAt: null });
    const reviewed = await incidentOf();
    expect(await call(ctx, fleet.token, coachingApi.mark, { eventId: [reviewed, unread] })).toMatchObject({
      status: 409,
      codeKey: 'EVENT_STATE_ERROR',
    });
    expect((await call(ctx, fleet.token, coachingApi.info, { eventId: reviewed })).data.state).toBe('none');
    const waiting = await incidentOf();
    await call(ctx, company.token, coachingApi.mark, { eventId: [waiting] });
    const both = await call(ctx, fleet.token, coachingApi.mark, { eventId: [reviewed, waiting, reviewed] });
    expect(both.data).toEqual({ marked: 1 });
    expect((await call(ctx, fleet.token, coachingApi.info, { eventId: waiting })).data.markedBy).toBe('co.company');
    // Coaching an incident never marked is a state error, not a new row.
    expect(await call(ctx, fleet.token, coachingApi.coach, { eventId: unread, note: 'x' })).toMatchObject({
      codeKey: 'EVENT_STATE_ERROR',
    });
    // The recycle bin: gone from the queue, and not to be marked.
    const binned = await incidentOf();
    await call(ctx, company.token, coachingApi.mark, { eventId: [binned] });
    await call(ctx, company.token, eventApi.remove, { eventId: [binned] });
    expect(ids(await queue(company.token))).not.toContain(binned);
    expect(await call(ctx, company.token, coachingApi.coach, { eventId: binned, note: 'x' })).toMatchObject({
      codeKey: 'EVENT_NOT_EXIST',
    });
    expect(await call(ctx, company.token, coachingApi.mark, { eventId: [binned] })).toMatchObject({
      codeKey: 'EVENT_NOT_EXIST',
    });
  });

  it('filters and sorts the queue: oldest mark first, by state, plate, type, fleet and time', async () => {
    const other = await incidentSource(ctx, tree, { uuid: 'CO-2', plate: 'ZX 9', messagePrefix: 'zx-' });
    const first = await other.add(tree, { reviewState: 'reviewed', type: 'fatigue', triggerAt: new Date('2025-03-01T10:00:00Z') });
    const second = await other.add(tree, { reviewState: 'reviewed', type: 'overSpeed', triggerAt: new Date('2025-03-02T10:00:00Z') });
    await call(ctx, company.token, coachingApi.mark, { eventId: [first] });
    await call(ctx, company.token, coachingApi.mark, { eventId: [second] });
    expect(ids(await queue(company.token, { licensePlate: 'zx' }))).toEqual([first, second]);
    expect(ids(await queue(company.token, { licensePlate: 'zx', sort: 'newest' }))).toEqual([second, first]);
    expect(ids(await queue(company.token, { licensePlate: 'zx', type: ['overSpeed', 'smoking'] }))).toEqual([second]);
    const march2 = Date.parse('2025-03-02T00:00:00Z');
    expect(ids(await queue(company.token, { startTime: march2, endTime: march2 + 86_400_000 }))).toEqual([second]);
    expect(ids(await queue(company.token, { fleetId: tree.fleet, licensePlate: 'zx' }))).toEqual([first, second]);
    expect(ids(await queue(company.token, { fleetId: secondFleet, licensePlate: 'zx' }))).toEqual([]);
    const paged = (await call(ctx, company.token, coachingApi.queue, { licensePlate: 'zx', limit: 1, page: 2 })).data;
    expect(paged).toMatchObject({ total: 2 });
    expect(ids(paged)).toEqual([second]);
  });

  it('keeps to the caller’s scope: a fleet admin sees its fleet’s queue only, another company gets PERMISSION_CHECK_FAIL', async () => {
    const mine = await incidentOf();
    const theirs = await incidentOf(sibling);
    expect((await call(ctx, company.token, coachingApi.mark, { eventId: [mine, theirs] })).data).toEqual({ marked: 2 });
    const fleetQueue = ids(await queue(fleet.token));
    expect(fleetQueue).toContain(mine);
    expect(fleetQueue).not.toContain(theirs);
    expect(ids(await queue(siblingFleet.token))).toEqual([theirs]);
    expect(await call(ctx, fleet.token, coachingApi.coach, { eventId: theirs, note: 'x' })).toMatchObject({
      status: 403,
      codeKey: 'PERMISSION_CHECK_FAIL',
    });
    expect(await call(ctx, fleet.token, coachingApi.queue, { fleetId: secondFleet, page: 1, limit: 20 })).toMatchObject({
      codeKey: 'PERMISSION_CHECK_FAIL',
    });
    const strangerCalls: [string, () => Promise<Answer<unknown>>][] = [
      ['info', () => call(ctx, stranger.token, coachingApi.info, { eventId: mine })],
      ['mark', () => call(ctx, stranger.token, coachingApi.mark, { eventId: [mine] })],
      ['coach', () => call(ctx, stranger.token, coachingApi.coach, { eventId: mine, note: 'x' })],
      ['dismiss', () => call(ctx, stranger.token, coachingApi.dismiss, { eventId: mine, reason: 'x' })],
      ['reopen', () => call(ctx, stranger.token, coachingApi.reopen, { eventId: mine })],
      ['queue', () => call(ctx, stranger.token, coachingApi.queue, { companyId: tree.company, page: 1, limit: 20 })],
      ['figures', () => call(ctx, stranger.token, coachingApi.figures, { startTime: 0, endTime: 1, fleetId: tree.fleet })],
    ];
    for (const [name, send] of strangerCalls)
      expect(await send(), name).toMatchObject({
        status: 403,
        codeKey: 'PERMISSION_CHECK_FAIL',
      });
    expect(ids(await queue(stranger.token))).toEqual([]);
    // SPEC section 6: a Site Admin sees no incident, and coaches none.
    expect(await call(ctx, site.token, coachingApi.queue, { page: 1, limit: 20 })).toMatchObject({ codeKey: 'PERMISSION_CHECK_FAIL' });
    expect(await call(ctx, site.token, coachingApi.mark, { eventId: [mine] })).toMatchObject({
      codeKey: 'PERMISSION_CHECK_FAIL',
    });
    expect(await call(ctx, admin, coachingApi.info, { eventId: 2_000_000_000 })).toMatchObject({ codeKey: 'EVENT_NOT_EXIST' });
    expect((await call(ctx, fleet.token, coachingApi.info, { eventId: mine })).data.state).toBe('needsCoaching');
  });

  it('refuses bad input with the PARAM_CHECK_FAIL envelope, never a 500', async () => {
    const id = await incidentOf();
    await call(ctx, fleet.token, coachingApi.mark, { eventId: [id] });
    // Hostile input: out of bounds, empty, of the wrong type or missing, so not all of it typed.
    const bad: [Endpoint, unknown][] = [
      [coachingApi.mark, { eventId: [] }],
      [coachingApi.mark, { eventId: [99_999_999_999] }],
      [coachingApi.mark, { eventId: [id], note: 'a\u0000b' }],
      [coachingApi.mark, { eventId: [id], note: 'x'.repeat(501) }],
      [coachingApi.mark, { eventId: Array.from({ length: 501 }, (_, i) => i + 1) }],
      [coachingApi.coach, { eventId: id, note: '' }],
      [coachingApi.coach, { eventId: id }],
      [coachingApi.coach, { eventId: id, note: 'x'.repeat(2001) }],
      [coachingApi.coach, { eventId: id, note: 'nul\u0000' }],
      [coachingApi.coach, { eventId: 2_147_483_648, note: 'x' }],
      [coachingApi.coach, { eventId: '1 or 1=1', note: 'x' }],
      [coachingApi.dismiss, { eventId: id, reason: '' }],
      [coachingApi.reopen, { eventId: -1 }],
      [coachingApi.queue, { licensePlate: '\u0000' }],
      [coachingApi.queue, { fleetId: 99_999_999_999 }],
      [coachingApi.queue, { state: 'bogus' }],
      [coachingApi.queue, { limit: 100_000 }],
      [coachingApi.info, { eventId: 'abc' }],
      [coachingApi.figures, { startTime: 10 }],
      [coachingApi.figures, { startTime: 10, endTime: 5 }],
      // As text: the number is beyond what a double holds exactly.
      [coachingApi.figures, { startTime: 0, endTime: '999999999999999999' }],
    ];
    for (const [endpoint, input] of bad) {
      const { res: _res, ...answer } = await callUnchecked(ctx, fleet.token, endpoint, input);
      expect(answer, `${endpoint.method} ${endpoint.path} ${JSON.stringify(input)?.slice(0, 60)}`).toMatchObject({
        status: 400,
        code: 40001,
        codeKey: 'PARAM_CHECK_FAIL',
      });
      // The envelope and the status, nothing more.
      expect(Object.keys(answer).sort()).toEqual(['code', 'codeKey', 'data', 'msg', 'status']);
    }
    expect((await call(ctx, fleet.token, coachingApi.info, { eventId: id })).data.state).toBe('needsCoaching');
  });

  it('refuses a start after its end on the list as on the figures, naming the end (one rule for every span)', async () => {
    const spanned = {
      queue: (startTime: number, endTime: number) => call(ctx, fleet.token, coachingApi.queue, { startTime, endTime, page: 1, limit: 20 }),
      figures: (startTime: number, endTime: number) => call(ctx, fleet.token, coachingApi.figures, { startTime, endTime }),
    };
    for (const [name, send] of Object.entries(spanned)) {
      expect(await send(2000, 1000), name).toMatchObject({ status: 400, codeKey: 'PARAM_CHECK_FAIL', data: { field: 'endTime' } });
      expect((await send(1000, 1000)).status, name).toBe(200);
    }
  });

  it('answers figures that match a direct count, with the median and average time to coach', async () => {
    // A span of its own, far back, so the other tests' incidents stay out of it.
    const day = Date.parse('2024-06-01T00:00:00Z');
    const at = (hours: number) => new Date(day + hours * 3_600_000);
    const made = await Promise.all([1, 2, 3, 4, 5, 6].map((hour) => incidentOf(tree, { triggerAt: at(hour) })));
    const theirs = await incidentOf(sibling, { triggerAt: at(7) });
    const [a, b, c, d, e] = made as [number, number, number, number, number, number];
    await call(ctx, company.token, coachingApi.mark, { eventId: [a, b, c, d, e, theirs] });
    for (const id of [a, b, c, theirs]) await call(ctx, company.token, coachingApi.coach, { eventId: id, note: 'Done' });
    await call(ctx, company.token, coachingApi.dismiss, { eventId: d, reason: 'No' });
    // Times to coach of 1, 2 and 6 hours in the fleet (median 2 h, average 3 h); 10 hours in the sibling fleet.
    const hour = 3_600_000;
    for (const [id, hours] of [
      [a, 1],
      [b, 2],
      [c, 6],
      [theirs, 10],
    ] as const)
      await ctx.database.db
        .update(incidentCoaching)
        .set({ closedAt: sql`${incidentCoaching.markedAt} + make_interval(hours => ${hours})` })
        .where(eq(incidentCoaching.incidentId, id));

    const span = { startTime: day, endTime: day + 86_400_000 };
    const fleetFigures = await call(ctx, fleet.token, coachingApi.figures, span);
    expect(fleetFigures.data).toEqual({
      marked: 5,
      needsCoaching: 1,
      coached: 3,
      dismissed: 1,
      medianMsToCoach: 2 * hour,
      averageMsToCoach: 3 * hour,
    });
    // The Super Admin narrows by area supplier (the report of an agent): the six of this agent's company, none for another agent.
    expect((await call(ctx, admin, coachingApi.figures, { ...span, agentId: tree.agent })).data).toMatchObject({ marked: 6 });
    expect((await call(ctx, admin, coachingApi.figures, { ...span, agentId: other.agent })).data).toMatchObject({ marked: 0 });
    expect((await call(ctx, company.token, coachingApi.figures, { ...span, agentId: other.agent })).codeKey).toBe('PERMISSION_CHECK_FAIL');
    const companyFigures = await call(ctx, company.token, coachingApi.figures, span);
    expect(companyFigures.data).toMatchObject({ marked: 6, coached: 4, medianMsToCoach: 4 * hour, averageMsToCoach: 4.75 * hour });
    expect((await call(ctx, company.token, coachingApi.figures, { ...span, fleetId: secondFleet })).data).toMatchObject({
      marked: 1,
      coached: 1,
      medianMsToCoach: 10 * hour,
    });

    // The same count straight from the tables, and from the function the statistics call.
    const direct = await ctx.database.db
      .select({ state: incidentCoaching.state, n: sql<number>`count(*)`.mapWith(Number) })
      .from(incidentCoaching)
      .innerJoin(incident, eq(incident.id, incidentCoaching.incidentId))
      .where(
        and(
          eq(incidentCoaching.belongFleetId, tree.fleet),
          isNull(incident.deletedAt),
          sql`${incident.triggerAt} between ${new Date(day)} and ${new Date(day + 86_400_000)}`,
        ),
      )
      .groupBy(incidentCoaching.state);
    const byState = Object.fromEntries(direct.map((row) => [row.state, row.n]));
    expect(byState).toEqual({ needsCoaching: 1, coached: 3, dismissed: 1 });
    const principal = { role: 'FLEET_ADMIN', agentId: tree.agent, companyId: tree.company, fleetId: tree.fleet } as const;
    const figures = await coachingFigures(ctx.database.db, principal as never, { startTime: day, endTime: day + 86_400_000 });
    expect(figures).toEqual(fleetFigures.data);

    const empty = await call(ctx, fleet.token, coachingApi.figures, { startTime: 0, endTime: 1000 });
    expect(empty.data).toEqual({ marked: 0, needsCoaching: 0, coached: 0, dismissed: 0, medianMsToCoach: null, averageMsToCoach: null });
  });
});
