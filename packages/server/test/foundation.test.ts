import { accountApi, credentialApi, endpoints, healthApi, pushApi } from '@safety-shield/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, session } from '../src/db/schema.js';
import { serve } from '../src/http/endpoints.js';
import { hashPassword } from '../src/modules/account/passwords.js';
import { call, callUnchecked } from './api-client.js';
import { ADMIN_PASSWORD, login, solveCaptcha, testApp, testConfig } from './helpers.js';

let ctx: Awaited<ReturnType<typeof testApp>>;

/** Endpoints of this test alone, declared and served like the contract's own. */
const testApi = endpoints('test', {
  boom: { method: 'GET', path: '/v1/test/boom', summary: 'Throws', access: 'public' },
  agentsOnly: { method: 'GET', path: '/v1/test/agents-only', summary: 'Agent Admins only', access: ['AGENT_ADMIN'] },
});

beforeAll(async () => {
  ctx = await testApp();
  serve(ctx.app, testApi, {
    boom: async () => {
      throw new Error('internal detail that must not leak');
    },
    agentsOnly: async () => null,
  });
});
afterAll(() => ctx.close());

const selfInfo = (token?: string, headers: Record<string, string> = {}) => call(ctx, token, accountApi.selfInfo, undefined, { headers });
/** A login with a robot-check solution of its own. */
const loginWith = async (username: string, password: string) =>
  call(ctx, undefined, accountApi.login, { username, password, code: await solveCaptcha(ctx.app) });

async function addAccount(values: Partial<typeof account.$inferInsert> & { username: string }) {
  await ctx.database.db.insert(account).values({ passwordHash: await hashPassword('Secret123'), role: 'FLEET_ADMIN', ...values });
}

describe('login', () => {
  it('answers a token that opens selfInfo with the fields of SPEC section 7', async () => {
    const token = await login(ctx.app);
    expect(token).toMatch(/^[\w-]{40,}$/);
    const body = await selfInfo(token);
    expect(body.status).toBe(200);
    expect(body).toMatchObject({ code: 200, codeKey: 'REQUEST_SUCCESS' });
    expect(body.data.baseInfo).toMatchObject({ role: 'SUPER_ADMIN', username: 'admin', firstTimeLogin: false, agentId: null });
    expect(Object.keys(body.data).sort()).toEqual(['baseInfo', 'orgFinishClause', 'orgPic']);
  });

  it('trims the username', async () => {
    await expect(login(ctx.app, '  admin  ')).resolves.toBeTruthy();
  });

  it('answers a wrong password and an unknown username alike, with the attempts left', async () => {
    const attempt = async (username: string, password: string) => {
      const { status, res } = await loginWith(username, password);
      return { status, body: res.json() };
    };
    const wrongPassword = await attempt('admin', 'Wrong1234');
    const unknownUser = await attempt('nobody', ADMIN_PASSWORD);
    expect(wrongPassword).toEqual({
      status: 401,
      body: { code: 40101, codeKey: 'LOGIN_USERNAME_OR_PASSWORD_ERROR', msg: 'Incorrect username or password', data: { remaining: 4 } },
    });
    expect(unknownUser).toEqual(wrongPassword);
  });

  it('refuses a wrong robot-check solution with CAPTCHA_CHECK_ERROR', async () => {
    const code = await solveCaptcha(ctx.app);
    const payload = JSON.parse(Buffer.from(code, 'base64').toString());
    const key: string = payload.solution.derivedKey;
    payload.solution.derivedKey = key.slice(0, -1) + (key.endsWith('0') ? '1' : '0');
    const forged = Buffer.from(JSON.stringify(payload)).toString('base64');
    const res = await call(ctx, undefined, accountApi.login, { username: 'admin', password: ADMIN_PASSWORD, code: forged });
    expect(res.status).toBe(400);
    expect(res.codeKey).toBe('CAPTCHA_CHECK_ERROR');
  });

  it('refuses garbage as a robot-check solution with CAPTCHA_CHECK_ERROR', async () => {
    const res = await call(ctx, undefined, accountApi.login, { username: 'admin', password: ADMIN_PASSWORD, code: 'not-a-solution' });
    expect(res.codeKey).toBe('CAPTCHA_CHECK_ERROR');
  });

  it('accepts a robot-check solution only once', async () => {
    const code = await solveCaptcha(ctx.app);
    const attempt = () => call(ctx, undefined, accountApi.login, { username: 'admin', password: ADMIN_PASSWORD, code });
    expect((await attempt()).codeKey).toBe('REQUEST_SUCCESS');
    expect((await attempt()).codeKey).toBe('CAPTCHA_CHECK_ERROR');
  });

  it('names the missing field when the robot-check solution is missing', async () => {
    const res = await callUnchecked(ctx, undefined, accountApi.login, { username: 'admin', password: 'x' });
    expect(res.status).toBe(400);
    expect(res).toMatchObject({ codeKey: 'PARAM_CHECK_FAIL', data: { field: 'code' } });
    expect(res.msg).toContain('code');
  });

  it('refuses normal users, suspended and expired accounts', async () => {
    await addAccount({ username: 'viewer', role: 'NORMAL_USER' });
    await addAccount({ username: 'banned', state: 'disabled' });
    await addAccount({ username: 'old', expireTime: new Date(Date.now() - 1000) });
    const attempt = async (username: string) => (await loginWith(username, 'Secret123')).codeKey;
    expect(await attempt('viewer')).toBe('PERMISSION_ROLE_FAIL');
    expect(await attempt('banned')).toBe('USER_HAD_BEEN_BAN');
    expect(await attempt('old')).toBe('USER_HAD_BEEN_EXPIRE');
  });
});

describe('tokens', () => {
  it('answers 50003 without a token', async () => {
    const res = await selfInfo();
    expect(res.status).toBe(401);
    expect(res).toMatchObject({ code: 50003, codeKey: 'PERMISSION_TOKEN_MISSING' });
  });

  it('answers a write without a token with the same envelope (the operation log copes with a refused request)', async () => {
    const res = await call(ctx, undefined, credentialApi.setParamSetting, {});
    expect(res.status).toBe(401);
    expect(res).toMatchObject({ code: 50003, codeKey: 'PERMISSION_TOKEN_MISSING' });
  });

  it('answers 50001 for a bogus token', async () => {
    const res = await selfInfo('bogus-token');
    expect(res).toMatchObject({ code: 50001, codeKey: 'PERMISSION_TOKEN_FAIL' });
  });

  it('answers 50014 once the session was idle too long, then 50001', async () => {
    const token = await login(ctx.app);
    await ctx.database.db.update(session).set({ lastSeenAt: sql`now() - interval '31 minutes'` });
    expect(await selfInfo(token)).toMatchObject({ code: 50014, codeKey: 'PERMISSION_TOKEN_EXPIRE_FAIL' });
    expect((await selfInfo(token)).code).toBe(50001);
  });

  it('logout revokes the token', async () => {
    const token = await login(ctx.app);
    expect((await selfInfo(token)).code).toBe(200);
    const out = await call(ctx, token, accountApi.logout);
    expect(out.code).toBe(200);
    expect((await selfInfo(token)).code).toBe(50001);
  });

  it('stores only the hash of a token', async () => {
    const token = await login(ctx.app);
    const rows = await ctx.database.db.select({ tokenHash: session.tokenHash }).from(session);
    expect(rows.some((row) => row.tokenHash === token)).toBe(false);
  });
});

describe('envelope', () => {
  it('answers an unknown API path with an envelope, not HTML', async () => {
    // Spelled on purpose: a path no declaration has.
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/does/not/exist' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toMatchObject({ code: 40400, codeKey: 'API_NOT_EXIST' });
  });

  it('answers a thrown error with SERVER_EXCEPTION and no stack trace', async () => {
    const res = await call(ctx, undefined, testApi.boom);
    expect(res.status).toBe(500);
    expect(res.codeKey).toBe('SERVER_EXCEPTION');
    expect(res.res.body).not.toContain('internal detail');
    expect(res.res.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it('answers malformed JSON with PARAM_CHECK_FAIL', async () => {
    // Text that is no JSON: a call sends objects, so the request is built from the declaration here.
    const res = await ctx.app.inject({
      method: accountApi.login.method,
      url: accountApi.login.path,
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().codeKey).toBe('PARAM_CHECK_FAIL');
  });

  it("writes msg in the caller's language", async () => {
    const de = await selfInfo(undefined, { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' });
    expect(de.msg).toBe('Sie sind nicht angemeldet, bitte melden Sie sich an');
    const nb = await selfInfo(undefined, { 'accept-language': 'no' });
    expect(nb.msg).not.toBe(de.msg);
    const en = await selfInfo(undefined, { 'accept-language': 'zh-CN' });
    expect(en.msg).toBe('You are not logged in, please log in');
  });

  it("prefers the account's language over Accept-Language", async () => {
    await ctx.database.db.update(account).set({ language: 'fr' }).where(eq(account.username, 'admin'));
    const token = await login(ctx.app);
    const res = await call(ctx, token, testApi.agentsOnly, undefined, { headers: { 'accept-language': 'de' } });
    expect(res.status).toBe(403);
    expect(res).toMatchObject({ codeKey: 'PERMISSION_CHECK_FAIL', msg: "Vous n'avez pas l'autorisation d'effectuer cette action" });
    await ctx.database.db.update(account).set({ language: null }).where(eq(account.username, 'admin'));
  });
});

describe('health and docs', () => {
  it('answers the release time as text', async () => {
    const body = await call(ctx, undefined, healthApi.releaseTime);
    expect(body.code).toBe(200);
    expect(body.data).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('documents every route in OpenAPI', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([accountApi.login.path, accountApi.selfInfo.path, accountApi.captcha.path, healthApi.releaseTime.path]),
    );
  });

  it('documents the console WebSocket with the schemas of its messages both ways', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/docs/json' })).json();
    const socket = doc.paths[pushApi.socket.path].get;
    expect(socket.description).toMatch(/PushClientMessage.*PushServerMessage/s);
    // The upgrade, and the envelope a plain request gets (WEBSOCKET_UPGRADE_REQUIRED).
    expect(Object.keys(socket.responses).sort()).toEqual(['101', '426']);
    const types = (union: { anyOf: { properties: { type: { enum: string[] } } }[] }) =>
      union.anyOf.flatMap((message) => message.properties.type.enum);
    expect(types(doc.components.schemas.PushClientMessage)).toEqual(['auth', 'watch', 'incidents', 'uploads']);
    expect(types(doc.components.schemas.PushServerMessage)).toEqual(expect.arrayContaining(['ready', 'position', 'sos', 'error']));
  });

  it('refuses to start when a route declares no access', async () => {
    const { buildApp } = await import('../src/app.js');
    const app = await buildApp(testConfig, ctx.database, { logger: false });
    // Spelled on purpose: routes no declaration has, which the server must refuse to register.
    expect(() => app.get('/v1/undeclared', async () => 'x')).toThrow(/declares no access/);
    expect(() => app.post('/v1/unaudited', { config: { access: 'public' } }, async () => 'x')).toThrow(/declares no audit action/);
    await app.close();
  });
});
