import { accountApi, clauseApi, orgApi } from '@safety-shield/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { call } from './api-client.js';
import { appWithTrees, signedIn } from './identity-fixtures.js';

const { ctx, admin, tree, other } = await appWithTrees({ tree: 'Terms', other: 'Elsewhere' });
afterAll(() => ctx.close());

const write = async (token: string, body: { title: string; placeType: 'self' | 'organisation'; mustCheck?: boolean }) => {
  const res = await call(ctx, token, clauseApi.create, { content: '<p>Be safe.</p>', mustCheck: true, ...body });
  expect(res.code, res.res.body).toBe(200);
  return res.data.clauseId;
};
const agree = (token: string, clauseId: number, state: 'agreed' | 'cancelled' = 'agreed') =>
  call(ctx, token, clauseApi.consent, { clauseId, state, localTime: '2026-11-23 09:15:00' });
const selfInfo = async (token: string) => (await call(ctx, token, accountApi.selfInfo)).data;
const fleetList = (token: string) => call(ctx, token, orgApi.fleetList, { page: 1, limit: 20 });
const accountList = (token: string) => call(ctx, token, accountApi.list, { page: 1, limit: 20 });

describe('own clauses', () => {
  it('blocks an account until it agrees, asks again for a new version, and again after a cancellation', async () => {
    const boss = await signedIn(ctx, 'terms.boss', 'COMPANY_ADMIN', tree);
    const id = await write(admin, { title: 'Platform terms', placeType: 'self' });
    expect((await selfInfo(boss.token)).baseInfo.finishClause).toBe(false);
    expect(await fleetList(boss.token)).toMatchObject({ status: 403, codeKey: 'USER_CLAUSE_NO_FINISH' });
    const pending = await call(ctx, boss.token, clauseApi.pending);
    expect(pending.data).toEqual([
      expect.objectContaining({ placeType: 'self', state: null, clause: expect.objectContaining({ clauseId: id }) }),
    ]);

    expect((await agree(boss.token, id)).code).toBe(200);
    expect((await fleetList(boss.token)).code).toBe(200);
    expect((await selfInfo(boss.token)).baseInfo.finishClause).toBe(true);

    const v2 = (
      await call(ctx, admin, clauseApi.update, {
        clauseId: id,
        title: 'Platform terms',
        content: '<p>Be safer.</p>',
        placeType: 'self',
        mustCheck: true,
      })
    ).data.clauseId;
    expect((await call(ctx, boss.token, clauseApi.pending)).data[0]?.clause).toMatchObject({
      clauseId: v2,
      originId: id,
      version: 2,
    });
    expect((await fleetList(boss.token)).codeKey).toBe('USER_CLAUSE_NO_FINISH');
    await agree(boss.token, v2);
    expect((await fleetList(boss.token)).code).toBe(200);
    await agree(boss.token, v2, 'cancelled');
    expect((await fleetList(boss.token)).codeKey).toBe('USER_CLAUSE_NO_FINISH');
    await agree(boss.token, v2);

    const log = await call(ctx, admin, clauseApi.log, { clauseId: v2, page: 1, limit: 20 });
    expect(log.data.records.map((r) => r.state)).toEqual(['agreed', 'cancelled', 'agreed']);
    expect(log.data.records[0]).toMatchObject({ username: 'terms.boss', localTime: '2026-11-23 09:15:00', version: 2 });
    const states = await call(ctx, admin, clauseApi.states, { clauseId: v2, page: 1, limit: 20 });
    expect(states.data.records).toEqual([expect.objectContaining({ username: 'terms.boss', state: 'agreed' })]);
    await call(ctx, admin, clauseApi.remove, { clauseId: v2 });
  });

  it('asks an area supplier’s accounts for its clause, not other areas and not the Agent Admin itself', async () => {
    const agent = await signedIn(ctx, 'terms.agent', 'AGENT_ADMIN', tree);
    const mine = await signedIn(ctx, 'terms.fleet', 'FLEET_ADMIN', tree);
    const theirs = await signedIn(ctx, 'terms.theirs', 'FLEET_ADMIN', other);
    const id = await write(agent.token, { title: 'Area terms', placeType: 'self' });
    expect((await accountList(mine.token)).codeKey).toBe('USER_CLAUSE_NO_FINISH');
    expect((await accountList(theirs.token)).code).toBe(200);
    expect((await call(ctx, agent.token, clauseApi.list, { page: 1, limit: 20 })).data.records.map((r) => r.clauseId)).toEqual([id]);
    expect((await agree(theirs.token, id)).codeKey).toBe('CLAUSE_NOT_EXIST');
    // The Super Admin's and other areas' clauses are not the Agent Admin's to edit.
    const platform = await write(admin, { title: 'Optional platform note', placeType: 'self', mustCheck: false });
    const edit = await call(ctx, agent.token, clauseApi.update, {
      clauseId: platform,
      title: 'x',
      content: 'x',
      placeType: 'self',
      mustCheck: false,
    });
    expect(edit).toMatchObject({ status: 403, codeKey: 'PERMISSION_CHECK_FAIL' });
    await call(ctx, agent.token, clauseApi.remove, { clauseId: id });
    expect((await accountList(mine.token)).code).toBe(200);
    // A clause that is not must-check is offered but blocks nothing.
    expect((await call(ctx, mine.token, clauseApi.pending)).data.map((p) => p.clause.clauseId)).toEqual([platform]);
    await call(ctx, admin, clauseApi.remove, { clauseId: platform });
  });
});

describe('organisation clauses', () => {
  it('block the Company Admins of each company until one of them agrees for the company', async () => {
    const first = await signedIn(ctx, 'org.first', 'COMPANY_ADMIN', tree);
    const second = await signedIn(ctx, 'org.second', 'COMPANY_ADMIN', tree);
    const fleet = await signedIn(ctx, 'org.fleet', 'FLEET_ADMIN', tree);
    const id = await write(admin, { title: 'Company terms', placeType: 'organisation' });
    expect(await selfInfo(first.token)).toMatchObject({ orgFinishClause: false, baseInfo: { finishClause: true } });
    expect((await fleetList(second.token)).codeKey).toBe('USER_CLAUSE_NO_FINISH');
    expect((await accountList(fleet.token)).code).toBe(200);
    expect((await agree(fleet.token, id)).codeKey).toBe('CLAUSE_PLACE_NOT_EXIST');
    expect((await agree(first.token, id)).code).toBe(200);
    expect((await fleetList(second.token)).code).toBe(200);
    expect((await selfInfo(second.token)).orgFinishClause).toBe(true);
    const states = await call(ctx, fleet.token, clauseApi.states, { clauseId: id, page: 1, limit: 20 });
    expect(states.data.records).toEqual([
      expect.objectContaining({ username: 'org.first', companyName: 'Company Terms', state: 'agreed' }),
    ]);
    await call(ctx, admin, clauseApi.remove, { clauseId: id });
  });

  it('keeps the company setting open while the organisation clause waits, and saves profile and notifications', async () => {
    const boss = await signedIn(ctx, 'setting.boss', 'COMPANY_ADMIN', other);
    const id = await write(admin, { title: 'Company terms 2', placeType: 'organisation' });
    const setting = await call(ctx, boss.token, orgApi.companySetting);
    expect(setting.data).toMatchObject({
      company: { id: other.company, name: 'Company Elsewhere' },
      notification: { incidentEmails: true, dailySummary: false, recipients: [] },
    });
    const saved = await call(ctx, boss.token, orgApi.updateCompanySetting, {
      address: '2 Dock Road',
      notification: { incidentEmails: false, dailySummary: true, recipients: ['ops@elsewhere.test'] },
    });
    expect(saved.code).toBe(200);
    expect((await call(ctx, boss.token, orgApi.companySetting)).data).toMatchObject({
      company: { address: '2 Dock Road' },
      notification: { incidentEmails: false, dailySummary: true, recipients: ['ops@elsewhere.test'] },
    });
    const bad = await call(ctx, boss.token, orgApi.updateCompanySetting, {
      notification: { incidentEmails: true, dailySummary: false, recipients: ['nope'] },
    });
    expect(bad).toMatchObject({ codeKey: 'PARAM_CHECK_FAIL', data: { field: 'recipients' } });
    expect((await fleetList(boss.token)).codeKey).toBe('USER_CLAUSE_NO_FINISH');
    await agree(boss.token, id);
    expect((await fleetList(boss.token)).code).toBe(200);
    const fleetAdmin = await signedIn(ctx, 'setting.fleet', 'FLEET_ADMIN', other);
    expect((await call(ctx, fleetAdmin.token, orgApi.companySetting)).codeKey).toBe('PERMISSION_CHECK_FAIL');
    await call(ctx, admin, clauseApi.remove, { clauseId: id });
  });

  it('lets only Super, Agent, Company and Fleet Admins read the state and the log', async () => {
    const site = await signedIn(ctx, 'terms.site', 'SITE_ADMIN', tree);
    expect((await call(ctx, site.token, clauseApi.log, { page: 1, limit: 20 })).codeKey).toBe('PERMISSION_CHECK_FAIL');
    expect((await call(ctx, site.token, clauseApi.list, { page: 1, limit: 20 })).codeKey).toBe('PERMISSION_CHECK_FAIL');
  });
});
