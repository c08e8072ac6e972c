import { accountApi, credentialApi, type InputOf, orgApi, type plans, type Role } from '@safety-shield/contract';
import { expect } from 'vitest';
import type { AppConfig } from '../src/app.js';
import { account } from '../src/db/schema.js';
import { hashPassword } from '../src/modules/account/passwords.js';
import { call as callEndpoint } from './api-client.js';
import { login, testApp } from './helpers.js';

export type Ctx = Awaited<ReturnType<typeof testApp>>;

/** A password that meets the rule (13+ characters, both cases, a digit and a symbol). */
export const GOOD_PASSWORD = 'Correct-Horse7';

export type OrgKind = 'agent' | 'company' | 'fleet' | 'site';
const createByKind = { agent: orgApi.agentCreate, company: orgApi.companyCreate, fleet: orgApi.fleetCreate, site: orgApi.siteCreate };

/** Creates an organisation as the given caller and answers its id. */
export async function createOrg(ctx: Ctx, token: string, kind: OrgKind, body: InputOf<typeof orgApi.agentCreate>): Promise<number> {
  const res = await callEndpoint(ctx, token, createByKind[kind], body);
  if (res.code !== 200) throw new Error(`create ${kind} failed: ${res.res.body}`);
  return res.data.id;
}

export interface Tree {
  agent: number;
  company: number;
  fleet: number;
  site: number;
}

/** A whole chain agent → company → fleet → site, made by the Super Admin. */
export async function seedTree(ctx: Ctx, superToken: string, label: string): Promise<Tree> {
  const agent = await createOrg(ctx, superToken, 'agent', { name: `Agent ${label}` });
  const company = await createOrg(ctx, superToken, 'company', { parentId: agent, name: `Company ${label}` });
  const fleet = await createOrg(ctx, superToken, 'fleet', { parentId: company, name: `Fleet ${label}` });
  const site = await createOrg(ctx, superToken, 'site', { parentId: fleet, name: `Site ${label}` });
  return { agent, company, fleet, site };
}

/**
 * The file's test app with the Super Admin signed in and, made by them in the order given, one tree per entry of
 * `labels` (name → label), answered under its name.
 */
export async function appWithTrees<const Name extends string>(labels: Record<Name, string>, config: Partial<AppConfig> = {}) {
  const ctx = await testApp(config);
  const admin = await login(ctx.app);
  const trees = {} as Record<Name, Tree>;
  for (const [name, label] of Object.entries(labels) as [Name, string][]) trees[name] = await seedTree(ctx, admin, label);
  return { ctx, admin, ...trees };
}

/** A subscription's terms as `subscriptionApi.create` takes them: `days` long from `start` (a negative count ends before it starts). */
export const subscriptionTerms = (plan: (typeof plans)[number], deviceQuota: number, start: number, days: number) => ({
  plan,
  deviceQuota,
  startTime: start,
  endTime: start + days * 86_400_000,
});

const chainFor: Record<string, (tree: Tree) => Partial<typeof account.$inferInsert>> = {
  AGENT_ADMIN: (t) => ({ belongAgentId: t.agent }),
  COMPANY_ADMIN: (t) => ({ belongAgentId: t.agent, belongCompanyId: t.company }),
  FLEET_ADMIN: (t) => ({ belongAgentId: t.agent, belongCompanyId: t.company, belongFleetId: t.fleet }),
  SITE_ADMIN: (t) => ({ belongAgentId: t.agent, belongCompanyId: t.company, belongFleetId: t.fleet, belongSiteId: t.site }),
  NORMAL_USER: (t) => ({ belongAgentId: t.agent, belongCompanyId: t.company, belongFleetId: t.fleet }),
};

/** An account placed straight into the database (no first-login change pending); answers its id. */
export async function addAccount(ctx: Ctx, username: string, role: Role, tree?: Tree): Promise<number> {
  const [row] = await ctx.database.db
    .insert(account)
    .values({ username, role, passwordHash: await hashPassword(GOOD_PASSWORD), ...(tree ? chainFor[role]?.(tree) : {}) })
    .returning({ id: account.id });
  if (!row) throw new Error('insert failed');
  return row.id;
}

/** An account as above, logged in: answers its id and token. */
export async function signedIn(ctx: Ctx, username: string, role: Role, tree?: Tree) {
  const id = await addAccount(ctx, username, role, tree);
  return { id, token: await login(ctx.app, username, GOOD_PASSWORD) };
}

/** A new API token of a signed-in account (made with GOOD_PASSWORD): the session confirms its password first. */
export async function newApiToken(ctx: Ctx, token: string): Promise<{ id: number; token: string }> {
  expect((await callEndpoint(ctx, token, accountApi.identify, { password: GOOD_PASSWORD })).code).toBe(200);
  const created = await callEndpoint(ctx, token, credentialApi.createApiToken);
  expect(created.code).toBe(200);
  return created.data;
}
