import { accountApi, orgApi, vehicleApi } from '@safety-shield/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { call } from './api-client.js';
import { login } from './helpers.js';
import { appWithTrees, createOrg, GOOD_PASSWORD, newApiToken, seedTree, signedIn } from './identity-fixtures.js';

const { ctx, admin, tree } = await appWithTrees({ tree: 'North' });
afterAll(() => ctx.close());

/** A 1×1 PNG. */
const PNG = `data:image/png;base64,${Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
).toString('base64')}`;

describe('organisations', () => {
  it('builds the chain agent → company → fleet → site and lists each with its parents', async () => {
    const fleets = await call(ctx, admin, orgApi.fleetList, { parentId: tree.company, page: 1, limit: 20 });
    expect(fleets.data.total).toBe(1);
    expect(fleets.data.records[0]).toMatchObject({
      id: tree.fleet,
      kind: 'fleet',
      name: 'Fleet North',
      parentName: 'Company North',
      agentName: 'Agent North',
      companyName: 'Company North',
      state: 'enabled',
      childCount: 1,
    });
  });

  it('refuses a second sibling of the same name, whatever the case, but not a cousin', async () => {
    const twin = await call(ctx, admin, orgApi.fleetCreate, { parentId: tree.company, name: 'FLEET north' });
    expect(twin).toMatchObject({ status: 409, codeKey: 'ORG_EXIST' });
    const other = await createOrg(ctx, admin, 'company', { parentId: tree.agent, name: 'Company Two' });
    await expect(createOrg(ctx, admin, 'fleet', { parentId: other, name: 'Fleet North' })).resolves.toBeGreaterThan(0);
  });

  it('needs a parent for everything below an agent', async () => {
    const res = await call(ctx, admin, orgApi.companyCreate, { name: 'Orphan' });
    expect(res).toMatchObject({ status: 400, codeKey: 'PARAM_CHECK_FAIL', data: { field: 'parentId' } });
  });

  it('enforces the company quota of an agent, also when lowered below what exists', async () => {
    const agent = await createOrg(ctx, admin, 'agent', { name: 'Small Agent', companyQuota: 1, deviceQuota: 10 });
    await createOrg(ctx, admin, 'company', { parentId: agent, name: 'Only One', deviceQuota: 6 });
    const second = await call(ctx, admin, orgApi.companyCreate, { parentId: agent, name: 'One Too Many' });
    expect(second).toMatchObject({ status: 409, codeKey: 'ORG_QUOTA_NOT_ENOUGH' });
    const lowered = await call(ctx, admin, orgApi.agentUpdate, { id: agent, companyQuota: 0 });
    expect(lowered.codeKey).toBe('ORG_QUOTA_NOT_ENOUGH');
    await call(ctx, admin, orgApi.agentUpdate, { id: agent, companyQuota: 2 });
    // 6 of the agent's 10 devices are handed out already.
    const greedy = await call(ctx, admin, orgApi.companyCreate, { parentId: agent, name: 'Greedy', deviceQuota: 5 });
    expect(greedy.codeKey).toBe('ORG_QUOTA_NOT_ENOUGH');
    await expect(createOrg(ctx, admin, 'company', { parentId: agent, name: 'Modest', deviceQuota: 4 })).resolves.toBeGreaterThan(0);
  });

  it('takes null quotas as no limit, not as zero', async () => {
    const id = await createOrg(ctx, admin, 'agent', { name: 'Unlimited', companyQuota: null, deviceQuota: null, address: null });
    const info = await call(ctx, admin, orgApi.agentInfo, { id });
    expect(info.data).toMatchObject({ companyQuota: null, deviceQuota: null, address: null });
  });

  it('takes a PNG logo, lists only that there is one, and refuses a file that only claims to be one', async () => {
    const id = await createOrg(ctx, admin, 'agent', { name: 'Logo Agent', logo: PNG });
    const listed = await call(ctx, admin, orgApi.agentList, { name: 'Logo Agent', page: 1, limit: 20 });
    expect(listed.data.records[0]).toMatchObject({ hasLogo: true, logo: null });
    expect((await call(ctx, admin, orgApi.agentInfo, { id })).data.logo).toBe(PNG);
    const fake = `data:image/png;base64,${Buffer.from('<?php echo 1; ?>').toString('base64')}`;
    const res = await call(ctx, admin, orgApi.agentCreate, { name: 'Fake Logo', logo: fake });
    expect(res).toMatchObject({ status: 400, codeKey: 'UPLOAD_FILE_FAIL' });
  });

  it('forbidding an organisation ends the sessions below it and blocks their logins until enabled again', async () => {
    const fleetAdmin = await signedIn(ctx, 'fleet.north', 'FLEET_ADMIN', tree);
    const companies = await call(ctx, admin, orgApi.companyList, { parentId: tree.agent, name: 'North', page: 1, limit: 20 });
    expect(companies.data.records[0]).toMatchObject({ id: tree.company, accountCount: 1, childCount: 1 });
    await call(ctx, admin, orgApi.companySetState, { id: tree.company, state: 'forbidden' });
    expect((await call(ctx, fleetAdmin.token, accountApi.selfInfo)).code).toBe(50001);
    await expect(login(ctx.app, 'fleet.north', GOOD_PASSWORD)).rejects.toThrow(/ORG_HAD_BEEN_BAN/);
    await call(ctx, admin, orgApi.companySetState, { id: tree.company, state: 'enabled' });
    await expect(login(ctx.app, 'fleet.north', GOOD_PASSWORD)).resolves.toBeTruthy();
  });

  it('forbidding an organisation above an account shuts out its API tokens too, for reading and writing', async () => {
    const boss = await signedIn(ctx, 'company.tokens', 'COMPANY_ADMIN', tree);
    const { token } = await newApiToken(ctx, boss.token);
    expect((await call(ctx, token, vehicleApi.list, { page: 1, limit: 20 })).code).toBe(200);
    // The agent above the company: a level higher than the account's own organisation.
    await call(ctx, admin, orgApi.agentSetState, { id: tree.agent, state: 'forbidden' });
    expect((await call(ctx, token, vehicleApi.list, { page: 1, limit: 20 })).codeKey).toBe('PERMISSION_TOKEN_FAIL');
    expect((await call(ctx, token, orgApi.fleetCreate, { parentId: tree.company, name: 'Sneaky' })).codeKey).toBe('PERMISSION_TOKEN_FAIL');
    await call(ctx, admin, orgApi.agentSetState, { id: tree.agent, state: 'enabled' });
    expect((await call(ctx, token, vehicleApi.list, { page: 1, limit: 20 })).code).toBe(200);
  });

  it('refuses to delete an organisation with organisations or accounts below it, and deletes an empty one', async () => {
    expect((await call(ctx, admin, orgApi.fleetRemove, { id: tree.fleet })).codeKey).toBe('ORG_NOT_EMPTY');
    const empty = await createOrg(ctx, admin, 'site', { parentId: tree.fleet, name: 'Empty Site' });
    expect((await call(ctx, admin, orgApi.siteRemove, { id: empty })).code).toBe(200);
    expect((await call(ctx, admin, orgApi.siteRemove, { id: empty })).codeKey).toBe('ORG_NOT_EXIST');
  });

  it('shows an agent admin only its own companies, and a company admin only its own fleets', async () => {
    const south = await seedTree(ctx, admin, 'South');
    const agentAdmin = await signedIn(ctx, 'agent.south', 'AGENT_ADMIN', south);
    const companies = await call(ctx, agentAdmin.token, orgApi.companyList, { page: 1, limit: 20 });
    expect(companies.data.records.map((r) => r.id)).toEqual([south.company]);
    const companyAdmin = await signedIn(ctx, 'company.south', 'COMPANY_ADMIN', south);
    const fleets = await call(ctx, companyAdmin.token, orgApi.fleetList, { page: 1, limit: 20 });
    expect(fleets.data.records.map((r) => r.id)).toEqual([south.fleet]);
    expect((await call(ctx, companyAdmin.token, orgApi.agentList, { page: 1, limit: 20 })).codeKey).toBe('PERMISSION_CHECK_FAIL');
  });

  it('lets an agent admin create a company under its own agent only', async () => {
    const east = await seedTree(ctx, admin, 'East');
    const agentAdmin = await signedIn(ctx, 'agent.east', 'AGENT_ADMIN', east);
    await expect(createOrg(ctx, agentAdmin.token, 'company', { parentId: east.agent, name: 'East Two' })).resolves.toBeGreaterThan(0);
    const foreign = await call(ctx, agentAdmin.token, orgApi.companyCreate, { parentId: tree.agent, name: 'Intruder' });
    expect(foreign).toMatchObject({ status: 403, codeKey: 'PERMISSION_CHECK_FAIL' });
  });
});
