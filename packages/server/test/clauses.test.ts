import { afterAll, describe, expect, it } from 'vitest';
import { appWithTrees, call, signedIn } from './identity-fixtures.js';

const { ctx, admin, tree, other } = await appWithTrees({ tree: 'Terms', other: 'Elsewhere' });
afterAll(() => ctx.close());

const write = async (token: string, body: Record<string, unknown>) => {
  const res = await call(ctx, token, 'POST', '/v1/clause', { content: '<p>Be safe.</p>', mustCheck: true, ...body });
  expect(res.code, JSON.stringify(res)).toBe(200);
  return res.data.clauseId as number;
};
const agree = (token: string, clauseId: number, state = 'agreed') =>
  call(ctx, token, 'PUT', '/v1/clause/state', { clauseId, state, localTime: '2026-11-23 09:15:00' });
const selfInfo = async (token: string) => (await call(ctx, token, 'GET', '/v1/account/selfInfo')).data;

describe('own clauses', () => {
  it('blocks an account until it agrees, asks again for a new version, and again after a cancellation', async () => {
    const boss = await signedIn(ctx, 'terms.boss', 'COMPANY_ADMIN', tree);
    const id = await write(admin, { title: 'Platform terms', placeType: 'self' });
    expect((await selfInfo(boss.token)).baseInfo.finishClause).toBe(false);
    expect(await call(ctx, boss.token, 'GET', '/v1/org/fleet/list')).toMatchObject({ status: 403, codeKey: 'USER_CLAUSE_NO_FINISH' });
    const pending = await call(ctx, boss.token, 'GET', '/v1/clause/pending');
    expect(pending.data).toEqual([
      expect.objectContaining({ placeType: 'self', state: null, clause: expect.objectContaining({ clauseId: id }) }),
    ]);

    expect((await agree(boss.token, id)).code).toBe(200);
    expect((await call(ctx, boss.token, 'GET', '/v1/org/fleet/list')).code).toBe(200);
    expect((await selfInfo(boss.token)).baseInfo.finishClause).toBe(true);

    const v2 = (
      await call(ctx, admin, 'PUT', '/v1/clause', {
        clauseId: id,
        title: 'Platform terms',
        content: '<p>Be safer.</p>',
        placeType: 'self',
        mustCheck: true,
      })
    ).data.clauseId;
    expect((await call(ctx, boss.token, 'GET', '/v1/clause/pending')).data[0].clause).toMatchObject({
      clauseId: v2,
      originId: id,
      version: 2,
    });
    expect((await call(ctx, boss.token, 'GET', '/v1/org/fleet/list')).codeKey).toBe('USER_CLAUSE_NO_FINISH');
    await agree(boss.token, v2);
    expect((await call(ctx, boss.token, 'GET', '/v1/org/fleet/list')).code).toBe(200);
    await agree(boss.token, v2, 'cancelled');
    expect((await call(ctx, boss.token, 'GET', '/v1/org/fleet/list')).codeKey).toBe('USER_CLAUSE_NO_FINISH');
    await agree(boss.token, v2);

    const log = await call(ctx, admin, 'GET', `/v1/clause/log/list?clauseId=${v2}`);
    expect(log.data.records.map((r: { state: string }) => r.state)).toEqual(['agreed', 'cancelled', 'agreed']);
    expect(log.data.records[0]).toMatchObject({ username: 'terms.boss', localTime: '2026-11-23 09:15:00', version: 2 });
    const states = await call(ctx, admin, 'GET', `/v1/clause/state/list?clauseId=${v2}`);
    expect(states.data.records).toEqual([expect.objectContaining({ username: 'terms.boss', state: 'agreed' })]);
    await call(ctx, admin, 'DELETE', `/v1/clause?clauseId=${v2}`);
  });

  it('asks an area supplier’s accounts for its clause, not other areas and not the Agent Admin itself', async () => {
    const agent = await signedIn(ctx, 'terms.agent', 'AGENT_ADMIN', tree);
    const mine = await signedIn(ctx, 'terms.fleet', 'FLEET_ADMIN', tree);
    const theirs = await signedIn(ctx, 'terms.theirs', 'FLEET_ADMIN', other);
    const id = await write(agent.token, { title: 'Area terms', placeType: 'self' });
    expect((await call(ctx, mine.token, 'GET', '/v1/account/list')).codeKey).toBe('USER_CLAUSE_NO_FINISH');
    expect((await call(ctx, theirs.token, 'GET', '/v1/account/list')).code).toBe(200);
    expect((await call(ctx, agent.token, 'GET', '/v1/clause/list')).data.records.map((r: { clauseId: number }) => r.clauseId)).toEqual([
      id,
    ]);
    expect((await agree(theirs.token, id)).codeKey).toBe('CLAUSE_NOT_EXIST');
    // The Super Admin's and other areas' clauses are not the Agent Admin's to edit.
    const platform = await write(admin, { title: 'Optional platform note', placeType: 'self', mustCheck: false });
    const edit = await call(ctx, agent.token, 'PUT', '/v1/clause', {
      clauseId: platform,
      title: 'x',
      content: 'x',
      placeType: 'self',
      mustCheck: false,
    });
    expect(edit).toMatchObject({ status: 403, codeKey: 'PERMISSION_CHECK_FAIL' });
    await call(ctx, agent.token, 'DELETE', `/v1/clause?clauseId=${id}`);
    expect((await call(ctx, mine.token, 'GET', '/v1/account/list')).code).toBe(200);
    // A clause that is not must-check is offered but blocks nothing.
    expect(
      (await call(ctx, mine.token, 'GET', '/v1/clause/pending')).data.map((p: { clause: { clauseId: number } }) => p.clause.clauseId),
    ).toEqual([platform]);
    await call(ctx, admin, 'DELETE', `/v1/clause?clauseId=${platform}`);
  });
});

describe('organisation clauses', () => {
  it('block the Company Admins of each company until one of them agrees for the company', async () => {
    const first = await signedIn(ctx, 'org.first', 'COMPANY_ADMIN', tree);
    const second = await signedIn(ctx, 'org.second', 'COMPANY_ADMIN', tree);
    const fleet = await signedIn(ctx, 'org.fleet', 'FLEET_ADMIN', tree);
    const id = await write(admin, { title: 'Company terms', placeType: 'organisation' });
    expect(await selfInfo(first.token)).toMatchObject({ orgFinishClause: false, baseInfo: { finishClause: true } });
    expect((await call(ctx, second.token, 'GET', '/v1/org/fleet/list')).codeKey).toBe('USER_CLAUSE_NO_FINISH');
    expect((await call(ctx, fleet.token, 'GET', '/v1/account/list')).code).toBe(200);
    expect((await agree(fleet.token, id)).codeKey).toBe('CLAUSE_PLACE_NOT_EXIST');
    expect((await agree(first.token, id)).code).toBe(200);
    expect((await call(ctx, second.token, 'GET', '/v1/org/fleet/list')).code).toBe(200);
    expect((await selfInfo(second.token)).orgFinishClause).toBe(true);
    const states = await call(ctx, fleet.token, 'GET', `/v1/clause/state/list?clauseId=${id}`);
    expect(states.data.records).toEqual([
      expect.objectContaining({ username: 'org.first', companyName: 'Company Terms', state: 'agreed' }),
    ]);
    await call(ctx, admin, 'DELETE', `/v1/clause?clauseId=${id}`);
  });

  it('keeps the company setting open while the organisation clause waits, and saves profile and notifications', async () => {
    const boss = await signedIn(ctx, 'setting.boss', 'COMPANY_ADMIN', other);
    const id = await write(admin, { title: 'Company terms 2', placeType: 'organisation' });
    const setting = await call(ctx, boss.token, 'GET', '/v1/company/setting');
    expect(setting.data).toMatchObject({
      company: { id: other.company, name: 'Company Elsewhere' },
      notification: { incidentEmails: true, dailySummary: false, recipients: [] },
    });
    const saved = await call(ctx, boss.token, 'PUT', '/v1/company/setting', {
      address: '2 Dock Road',
      notification: { incidentEmails: false, dailySummary: true, recipients: ['ops@elsewhere.test'] },
    });
    expect(saved.code).toBe(200);
    expect((await call(ctx, boss.token, 'GET', '/v1/company/setting')).data).toMatchObject({
      company: { address: '2 Dock Road' },
      notification: { incidentEmails: false, dailySummary: true, recipients: ['ops@elsewhere.test'] },
    });
    const bad = await call(ctx, boss.token, 'PUT', '/v1/company/setting', {
      notification: { incidentEmails: true, dailySummary: false, recipients: ['nope'] },
    });
    expect(bad).toMatchObject({ codeKey: 'PARAM_CHECK_FAIL', data: { field: 'recipients' } });
    expect((await call(ctx, boss.token, 'GET', '/v1/org/fleet/list')).codeKey).toBe('USER_CLAUSE_NO_FINISH');
    await agree(boss.token, id);
    expect((await call(ctx, boss.token, 'GET', '/v1/org/fleet/list')).code).toBe(200);
    const fleetAdmin = await signedIn(ctx, 'setting.fleet', 'FLEET_ADMIN', other);
    expect((await call(ctx, fleetAdmin.token, 'GET', '/v1/company/setting')).codeKey).toBe('PERMISSION_CHECK_FAIL');
    await call(ctx, admin, 'DELETE', `/v1/clause?clauseId=${id}`);
  });

  it('lets only Super, Agent, Company and Fleet Admins read the state and the log', async () => {
    const site = await signedIn(ctx, 'terms.site', 'SITE_ADMIN', tree);
    expect((await call(ctx, site.token, 'GET', '/v1/clause/log/list')).codeKey).toBe('PERMISSION_CHECK_FAIL');
    expect((await call(ctx, site.token, 'GET', '/v1/clause/list')).codeKey).toBe('PERMISSION_CHECK_FAIL');
  });
});
