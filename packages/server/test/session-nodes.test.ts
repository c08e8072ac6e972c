import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { localBus } from '../src/bus/bus.js';
import { login, testConfig, testDatabase } from './helpers.js';
import { type Ctx, call, seedTree, signedIn } from './identity-fixtures.js';

/**
 * Issue 15: revoking access reaches every portal node at once. Two apps share the database and one bus (the bus
 * Redis carries between processes, tested in redis-bus.test.ts); each keeps its own cache of principals.
 */
const database = await testDatabase();
const bus = localBus();
const [a, b] = await Promise.all(
  ['a', 'b'].map((name) => buildApp({ ...testConfig, mqttClientId: name }, database, { logger: false, bus })),
);
if (!a || !b) throw new Error('two nodes');
const nodeA: Ctx = { app: a, database, close: async () => {} };
const nodeB: Ctx = { app: b, database, close: async () => {} };
afterAll(async () => {
  await Promise.all([a.close(), b.close()]);
  await database.close();
});

const admin = await login(a);
const tree = await seedTree(nodeA, admin, 'Nodes');

/** How long until node B refuses a token after `revoke` answered on node A (it is cached on B beforehand). */
async function refusedOnB(token: string, revoke: () => Promise<{ code: number }>): Promise<number> {
  expect((await call(nodeB, token, 'GET', '/v1/account/selfInfo')).code).toBe(200);
  expect(await revoke()).toMatchObject({ code: 200 });
  const started = performance.now();
  const answer = await call(nodeB, token, 'GET', '/v1/account/selfInfo');
  expect(answer.codeKey).not.toBe('REQUEST_SUCCESS');
  return performance.now() - started;
}

describe('revoked access on several nodes', () => {
  it('a logout on one node ends the session on the other at once', async () => {
    const { token } = await signedIn(nodeA, 'fleet.nodes', 'FLEET_ADMIN', tree);
    const ms = await refusedOnB(token, () => call(nodeA, token, 'POST', '/v1/account/logout'));
    console.info(`logout reached the other node: refused ${ms.toFixed(1)} ms after the logout answered`);
  });

  it('disabling an account and forbidding its organisation end its sessions on every node at once', async () => {
    const disabled = await signedIn(nodeA, 'company.nodes', 'COMPANY_ADMIN', tree);
    await refusedOnB(disabled.token, () => call(nodeA, admin, 'PUT', '/v1/account/info/state', { uid: disabled.id, state: 'disabled' }));
    const below = await signedIn(nodeA, 'site.nodes', 'SITE_ADMIN', tree);
    await refusedOnB(below.token, () => call(nodeA, admin, 'PUT', '/v1/org/fleet/state', { id: tree.fleet, state: 'forbidden' }));
    await call(nodeA, admin, 'PUT', '/v1/org/fleet/state', { id: tree.fleet, state: 'enabled' });
  });

  it('an API token of a forbidden organisation stops on every node at once', async () => {
    const boss = await signedIn(nodeA, 'company.tokens', 'COMPANY_ADMIN', tree);
    const { token } = (await call(nodeA, boss.token, 'POST', '/v1/account/apiToken')).data;
    await refusedOnB(token, () => call(nodeA, admin, 'PUT', '/v1/org/company/state', { id: tree.company, state: 'forbidden' }));
    await call(nodeA, admin, 'PUT', '/v1/org/company/state', { id: tree.company, state: 'enabled' });
    expect((await call(nodeB, token, 'GET', '/v1/account/selfInfo')).code).toBe(200);
  });
});
