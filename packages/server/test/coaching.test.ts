import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { incident, incidentCoaching } from '../src/db/schema.js';
import { coachingFigures } from '../src/modules/coaching/index.js';
import { appWithTrees, call, createOrg, signedIn } from './identity-fixtures.js';
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
const queue = async (token: string, query = '') => (await call(ctx, token, 'GET', `/v1/coaching/list?limit=500${query}`)).data;

describe('coaching', () => {
  it('marks a reviewed incident, queues it, coaches it with a note, and records every step', async () => {
    const id = await incidentOf();
    expect((await call(ctx, fleet.token, 'GET', `/v1/coaching/info?eventId=${id}`)).data).toMatchObject({ state: 'none', markedBy: null });
    const marked = await call(ctx, fleet.token, 'PUT', '/v1/coaching/mark', { eventId: [id], note: ' Tailgating ' });
    expect(marked).toMatchObject({ code: 200, data: { marked: 1 } });
    const info = await call(ctx, company.token, 'GET', `/v1/coaching/info?eventId=${id}`);
    expect(info.data).toMatchObject({ state: 'needsCoaching', markedBy: 'co.fleet', markNote: 'Tailgating', closedBy: null });

    const open = await queue(fleet.token, '&state=needsCoaching');
    const row = open.records.find((r: { eventId: number }) => r.eventId === id);
    expect(row).toMatchObject({ type: 'collision', licensePlate: 'CO 1', fleetName: 'Fleet Coaching', markedBy: 'co.fleet' });
    expect(row.ageMs).toBeGreaterThanOrEqual(0);

    expect(await call(ctx, fleet.token, 'PUT', '/v1/coaching/coach', { eventId: id, note: 'Talked about distance.' })).toMatchObject({
      code: 200,
    });
    expect(ids(await queue(fleet.token, '&state=needsCoaching'))).not.toContain(id);
    expect((await call(ctx, fleet.token, 'GET', `/v1/coaching/info?eventId=${id}`)).data).toMatchObject({
      state: 'coached',
      closedBy: 'co.fleet',
      closingNote: 'Talked about distance.',
    });
    // Coached once: neither coached again nor dismissed, until it is reopened.
    expect(await call(ctx, fleet.token, 'PUT', '/v1/coaching/coach', { eventId: id, note: 'Again' })).toMatchObject({
      status: 409,
      codeKey: 'EVENT_STATE_ERROR',
    });
    expect(await call(ctx, fleet.token, 'PUT', '/v1/coaching/mark', { eventId: [id] })).toMatchObject({ codeKey: 'EVENT_STATE_ERROR' });
    const history = await call(ctx, company.token, 'GET', `/v2/event/history?eventId=${id}`);
    expect(history.data.map((h: { action: string }) => h.action)).toEqual(['coachingMarked', 'coached']);
    const log = await call(ctx, admin, 'GET', '/v1/system/log/list?action=coaching&limit=50');
    const actions = log.data.records.map((r: { action: string; target: string | null }) => `${r.action}:${r.target}`);
    expect(actions).toEqual(expect.arrayContaining([`coaching.mark:${id}`, `coaching.coach:${id}`]));
  });

  it('dismisses with a reason and reopens, which marks it anew', async () => {
    const id = await incidentOf();
    await call(ctx, company.token, 'PUT', '/v1/coaching/mark', { eventId: [id] });
    expect(await call(ctx, company.token, 'PUT', '/v1/coaching/dismiss', { eventId: id, reason: '   ' })).toMatchObject({
      codeKey: 'PARAM_CHECK_FAIL',
      data: { field: 'reason' },
    });
    expect((await call(ctx, company.token, 'PUT', '/v1/coaching/dismiss', { eventId: id, reason: 'Camera fault' })).code).toBe(200);
    expect((await call(ctx, company.token, 'GET', `/v1/coaching/info?eventId=${id}`)).data).toMatchObject({
      state: 'dismissed',
      closingNote: 'Camera fault',
    });
    expect(ids(await queue(company.token, '&state=dismissed'))).toContain(id);
    expect(await call(ctx, company.token, 'PUT', '/v1/coaching/dismiss', { eventId: id, reason: 'Twice' })).toMatchObject({
      codeKey: 'EVENT_STATE_ERROR',
    });
    expect((await call(ctx, fleet.token, 'PUT', '/v1/coaching/reopen', { eventId: id, note: 'Fault was not the camera' })).code).toBe(200);
    expect((await call(ctx, company.token, 'GET', `/v1/coaching/info?eventId=${id}`)).data).toMatchObject({
      state: 'needsCoaching',
      markedBy: 'co.fleet',
      markNote: 'Fault was not the camera',
      closedBy: null,
      closingNote: null,
    });
    expect(await call(ctx, fleet.token, 'PUT', '/v1/coaching/reopen', { eventId: id })).toMatchObject({ codeKey: 'EVENT_STATE_ERROR' });
  });

  it('marks only reviewed, live incidents, all or none; an incident already waiting keeps its first mark', async () => {
    const unread = await incidentOf(tree, { reviewState: 'unread', reviewedAt: null });
    const reviewed = await incidentOf();
    expect(await call(ctx, fleet.token, 'PUT', '/v1/coaching/mark', { eventId: [reviewed, unread] })).toMatchObject({
      status: 409,
      codeKey: 'EVENT_STATE_ERROR',
    });
    expect((await call(ctx, fleet.token, 'GET', `/v1/coaching/info?eventId=${reviewed}`)).data.state).toBe('none');
    const waiting = await incidentOf();
    await call(ctx, company.token, 'PUT', '/v1/coaching/mark', { eventId: [waiting] });
    const both = await call(ctx, fleet.token, 'PUT', '/v1/coaching/mark', { eventId: [reviewed, waiting, reviewed] });
    expect(both.data).toEqual({ marked: 1 });
    expect((await call(ctx, fleet.token, 'GET', `/v1/coaching/info?eventId=${waiting}`)).data.markedBy).toBe('co.company');
    // Coaching an incident never marked is a state error, not a new row.
    expect(await call(ctx, fleet.token, 'PUT', '/v1/coaching/coach', { eventId: unread, note: 'x' })).toMatchObject({
      codeKey: 'EVENT_STATE_ERROR',
    });
    // The recycle bin: gone from the queue, and not to be marked.
    const binned = await incidentOf();
    await call(ctx, company.token, 'PUT', '/v1/coaching/mark', { eventId: [binned] });
    await call(ctx, company.token, 'PUT', '/v2/event/info/delete/batch', { eventId: [binned] });
    expect(ids(await queue(company.token))).not.toContain(binned);
    expect(await call(ctx, company.token, 'PUT', '/v1/coaching/coach', { eventId: binned, note: 'x' })).toMatchObject({
      codeKey: 'EVENT_NOT_EXIST',
    });
    expect(await call(ctx, company.token, 'PUT', '/v1/coaching/mark', { eventId: [binned] })).toMatchObject({
      codeKey: 'EVENT_NOT_EXIST',
    });
  });

  it('filters and sorts the queue: oldest mark first, by state, plate, type, fleet and time', async () => {
    const other = await incidentSource(ctx, tree, { uuid: 'CO-2', plate: 'ZX 9', messagePrefix: 'zx-' });
    const first = await other.add(tree, { reviewState: 'reviewed', type: 'fatigue', triggerAt: new Date('2025-03-01T10:00:00Z') });
    const second = await other.add(tree, { reviewState: 'reviewed', type: 'overSpeed', triggerAt: new Date('2025-03-02T10:00:00Z') });
    await call(ctx, company.token, 'PUT', '/v1/coaching/mark', { eventId: [first] });
    await call(ctx, company.token, 'PUT', '/v1/coaching/mark', { eventId: [second] });
    expect(ids(await queue(company.token, '&licensePlate=zx'))).toEqual([first, second]);
    expect(ids(await queue(company.token, '&licensePlate=zx&sort=newest'))).toEqual([second, first]);
    expect(ids(await queue(company.token, '&licensePlate=zx&type=overSpeed&type=smoking'))).toEqual([second]);
    const march2 = Date.parse('2025-03-02T00:00:00Z');
    expect(ids(await queue(company.token, `&startTime=${march2}&endTime=${march2 + 86_400_000}`))).toEqual([second]);
    expect(ids(await queue(company.token, `&fleetId=${tree.fleet}&licensePlate=zx`))).toEqual([first, second]);
    expect(ids(await queue(company.token, `&fleetId=${secondFleet}&licensePlate=zx`))).toEqual([]);
    const paged = (await call(ctx, company.token, 'GET', '/v1/coaching/list?licensePlate=zx&limit=1&page=2')).data;
    expect(paged).toMatchObject({ total: 2 });
    expect(ids(paged)).toEqual([second]);
  });

  it('keeps to the caller’s scope: a fleet admin sees its fleet’s queue only, another company gets PERMISSION_CHECK_FAIL', async () => {
    const mine = await incidentOf();
    const theirs = await incidentOf(sibling);
    expect((await call(ctx, company.token, 'PUT', '/v1/coaching/mark', { eventId: [mine, theirs] })).data).toEqual({ marked: 2 });
    const fleetQueue = ids(await queue(fleet.token));
    expect(fleetQueue).toContain(mine);
    expect(fleetQueue).not.toContain(theirs);
    expect(ids(await queue(siblingFleet.token))).toEqual([theirs]);
    expect(await call(ctx, fleet.token, 'PUT', '/v1/coaching/coach', { eventId: theirs, note: 'x' })).toMatchObject({
      status: 403,
      codeKey: 'PERMISSION_CHECK_FAIL',
    });
    expect(await call(ctx, fleet.token, 'GET', `/v1/coaching/list?fleetId=${secondFleet}`)).toMatchObject({
      codeKey: 'PERMISSION_CHECK_FAIL',
    });
    for (const [method, url, body] of [
      ['GET', `/v1/coaching/info?eventId=${mine}`],
      ['PUT', '/v1/coaching/mark', { eventId: [mine] }],
      ['PUT', '/v1/coaching/coach', { eventId: mine, note: 'x' }],
      ['PUT', '/v1/coaching/dismiss', { eventId: mine, reason: 'x' }],
      ['PUT', '/v1/coaching/reopen', { eventId: mine }],
      ['GET', `/v1/coaching/list?companyId=${tree.company}`],
      ['GET', `/v1/coaching/figures?startTime=0&endTime=1&fleetId=${tree.fleet}`],
    ] as const)
      expect(await call(ctx, stranger.token, method, url, body), `${method} ${url}`).toMatchObject({
        status: 403,
        codeKey: 'PERMISSION_CHECK_FAIL',
      });
    expect(ids(await queue(stranger.token))).toEqual([]);
    // SPEC section 6: a Site Admin sees no incident, and coaches none.
    expect(await call(ctx, site.token, 'GET', '/v1/coaching/list')).toMatchObject({ codeKey: 'PERMISSION_CHECK_FAIL' });
    expect(await call(ctx, site.token, 'PUT', '/v1/coaching/mark', { eventId: [mine] })).toMatchObject({
      codeKey: 'PERMISSION_CHECK_FAIL',
    });
    expect(await call(ctx, admin, 'GET', '/v1/coaching/info?eventId=2000000000')).toMatchObject({ codeKey: 'EVENT_NOT_EXIST' });
    expect((await call(ctx, fleet.token, 'GET', `/v1/coaching/info?eventId=${mine}`)).data.state).toBe('needsCoaching');
  });

  it('refuses bad input with the PARAM_CHECK_FAIL envelope, never a 500', async () => {
    const id = await incidentOf();
    await call(ctx, fleet.token, 'PUT', '/v1/coaching/mark', { eventId: [id] });
    const bad: [string, string, unknown?][] = [
      ['PUT /v1/coaching/mark', '/v1/coaching/mark', { eventId: [] }],
      ['PUT /v1/coaching/mark', '/v1/coaching/mark', { eventId: [99_999_999_999] }],
      ['PUT /v1/coaching/mark', '/v1/coaching/mark', { eventId: [id], note: 'a\u0000b' }],
      ['PUT /v1/coaching/mark', '/v1/coaching/mark', { eventId: [id], note: 'x'.repeat(501) }],
      ['PUT /v1/coaching/mark', '/v1/coaching/mark', { eventId: Array.from({ length: 501 }, (_, i) => i + 1) }],
      ['PUT /v1/coaching/coach', '/v1/coaching/coach', { eventId: id, note: '' }],
      ['PUT /v1/coaching/coach', '/v1/coaching/coach', { eventId: id }],
      ['PUT /v1/coaching/coach', '/v1/coaching/coach', { eventId: id, note: 'x'.repeat(2001) }],
      ['PUT /v1/coaching/coach', '/v1/coaching/coach', { eventId: id, note: 'nul\u0000' }],
      ['PUT /v1/coaching/coach', '/v1/coaching/coach', { eventId: 2_147_483_648, note: 'x' }],
      ['PUT /v1/coaching/coach', '/v1/coaching/coach', { eventId: '1 or 1=1', note: 'x' }],
      ['PUT /v1/coaching/dismiss', '/v1/coaching/dismiss', { eventId: id, reason: '' }],
      ['PUT /v1/coaching/reopen', '/v1/coaching/reopen', { eventId: -1 }],
      ['GET list', '/v1/coaching/list?licensePlate=%00'],
      ['GET list', '/v1/coaching/list?fleetId=99999999999'],
      ['GET list', '/v1/coaching/list?state=bogus'],
      ['GET list', '/v1/coaching/list?limit=100000'],
      ['GET info', '/v1/coaching/info?eventId=abc'],
      ['GET figures', '/v1/coaching/figures?startTime=10'],
      ['GET figures', '/v1/coaching/figures?startTime=10&endTime=5'],
      ['GET figures', '/v1/coaching/figures?startTime=0&endTime=999999999999999999'],
    ];
    for (const [name, url, body] of bad) {
      const answer = await call(ctx, fleet.token, body === undefined ? 'GET' : 'PUT', url, body);
      expect(answer, `${name} ${JSON.stringify(body)?.slice(0, 60)}`).toMatchObject({
        status: 400,
        code: 40001,
        codeKey: 'PARAM_CHECK_FAIL',
      });
      expect(Object.keys(answer).sort()).toEqual(['code', 'codeKey', 'data', 'msg', 'status']);
    }
    expect((await call(ctx, fleet.token, 'GET', `/v1/coaching/info?eventId=${id}`)).data.state).toBe('needsCoaching');
  });

  it('refuses a start after its end on the list as on the figures, naming the end (one rule for every span)', async () => {
    for (const path of ['/v1/coaching/list', '/v1/coaching/figures']) {
      const answer = await call(ctx, fleet.token, 'GET', `${path}?startTime=2000&endTime=1000`);
      expect(answer, path).toMatchObject({ status: 400, codeKey: 'PARAM_CHECK_FAIL', data: { field: 'endTime' } });
      expect((await call(ctx, fleet.token, 'GET', `${path}?startTime=1000&endTime=1000`)).status, path).toBe(200);
    }
  });

  it('answers figures that match a direct count, with the median and average time to coach', async () => {
    // A span of its own, far back, so the other tests' incidents stay out of it.
    const day = Date.parse('2024-06-01T00:00:00Z');
    const at = (hours: number) => new Date(day + hours * 3_600_000);
    const made = await Promise.all([1, 2, 3, 4, 5, 6].map((hour) => incidentOf(tree, { triggerAt: at(hour) })));
    const theirs = await incidentOf(sibling, { triggerAt: at(7) });
    const [a, b, c, d, e] = made as [number, number, number, number, number, number];
    await call(ctx, company.token, 'PUT', '/v1/coaching/mark', { eventId: [a, b, c, d, e, theirs] });
    for (const id of [a, b, c, theirs]) await call(ctx, company.token, 'PUT', '/v1/coaching/coach', { eventId: id, note: 'Done' });
    await call(ctx, company.token, 'PUT', '/v1/coaching/dismiss', { eventId: d, reason: 'No' });
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

    const span = `startTime=${day}&endTime=${day + 86_400_000}`;
    const fleetFigures = await call(ctx, fleet.token, 'GET', `/v1/coaching/figures?${span}`);
    expect(fleetFigures.data).toEqual({
      marked: 5,
      needsCoaching: 1,
      coached: 3,
      dismissed: 1,
      medianMsToCoach: 2 * hour,
      averageMsToCoach: 3 * hour,
    });
    // The Super Admin narrows by area supplier (the report of an agent): the six of this agent's company, none for another agent.
    expect((await call(ctx, admin, 'GET', `/v1/coaching/figures?${span}&agentId=${tree.agent}`)).data).toMatchObject({ marked: 6 });
    expect((await call(ctx, admin, 'GET', `/v1/coaching/figures?${span}&agentId=${other.agent}`)).data).toMatchObject({ marked: 0 });
    expect((await call(ctx, company.token, 'GET', `/v1/coaching/figures?${span}&agentId=${other.agent}`)).codeKey).toBe(
      'PERMISSION_CHECK_FAIL',
    );
    const companyFigures = await call(ctx, company.token, 'GET', `/v1/coaching/figures?${span}`);
    expect(companyFigures.data).toMatchObject({ marked: 6, coached: 4, medianMsToCoach: 4 * hour, averageMsToCoach: 4.75 * hour });
    expect((await call(ctx, company.token, 'GET', `/v1/coaching/figures?${span}&fleetId=${secondFleet}`)).data).toMatchObject({
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

    const empty = await call(ctx, fleet.token, 'GET', `/v1/coaching/figures?startTime=0&endTime=1000`);
    expect(empty.data).toEqual({ marked: 0, needsCoaching: 0, coached: 0, dismissed: 0, medianMsToCoach: null, averageMsToCoach: null });
  });
});
