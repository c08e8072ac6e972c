import { endpoints } from '@safety-shield/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, session } from '../src/db/schema.js';
import { serve } from '../src/http/endpoints.js';
import { hashPassword } from '../src/modules/account/passwords.js';
import { ADMIN_PASSWORD, login, solveCaptcha, testApp, testConfig } from './helpers.js';

let ctx: Awaited<ReturnType<typeof testApp>>;

beforeAll(async () => {
  ctx = await testApp();
  // Endpoints of this test alone, declared and served like the contract's own.
  const testApi = endpoints('test', {
    boom: { method: 'GET', path: '/v1/test/boom', summary: 'Throws', access: 'public' },
    agentsOnly: { method: 'GET', path: '/v1/test/agents-only', summary: 'Agent Admins only', access: ['AGENT_ADMIN'] },
  });
  serve(ctx.app, testApi, {
    boom: async () => {
      throw new Error('internal detail that must not leak');
    },
    agentsOnly: async () => null,
  });
});
afterAll(() => ctx.close());

const selfInfo = (token?: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'GET', url: '/v1/account/selfInfo', headers: token ? { 'x-token': token, ...headers } : headers });

async function addAccount(values: Partial<typeof account.$inferInsert> & { username: string }) {
  await ctx.database.db.insert(account).values({ passwordHash: await hashPassword('Secret123'), role: 'FLEET_ADMIN', ...values });
}

describe('login', () => {
  it('answers a token that opens selfInfo with the fields of SPEC section 7', async () => {
    const token = await login(ctx.app);
    expect(token).toMatch(/^[\w-]{40,}$/);
    const res = await selfInfo(token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ code: 200, codeKey: 'REQUEST_SUCCESS' });
    expect(body.data.baseInfo).toMatchObject({ role: 'SUPER_ADMIN', username: 'admin', firstTimeLogin: false, agentId: null });
    expect(Object.keys(body.data).sort()).toEqual(['baseInfo', 'orgFinishClause', 'orgPic']);
  });

  it('trims the username', async () => {
    await expect(login(ctx.app, '  admin  ')).resolves.toBeTruthy();
  });

  it('answers a wrong password and an unknown username alike, with the attempts left', async () => {
    const attempt = async (username: string, password: string) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/v1/account/login',
        payload: { username, password, code: await solveCaptcha(ctx.app) },
      });
      return { status: res.statusCode, body: res.json() };
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
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/account/login',
      payload: { username: 'admin', password: ADMIN_PASSWORD, code: forged },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().codeKey).toBe('CAPTCHA_CHECK_ERROR');
  });

  it('refuses garbage as a robot-check solution with CAPTCHA_CHECK_ERROR', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/account/login',
      payload: { username: 'admin', password: ADMIN_PASSWORD, code: 'not-a-solution' },
    });
    expect(res.json().codeKey).toBe('CAPTCHA_CHECK_ERROR');
  });

  it('accepts a robot-check solution only once', async () => {
    const code = await solveCaptcha(ctx.app);
    const attempt = () =>
      ctx.app.inject({ method: 'POST', url: '/v1/account/login', payload: { username: 'admin', password: ADMIN_PASSWORD, code } });
    expect((await attempt()).json().codeKey).toBe('REQUEST_SUCCESS');
    expect((await attempt()).json().codeKey).toBe('CAPTCHA_CHECK_ERROR');
  });

  it('names the missing field when the robot-check solution is missing', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/v1/account/login', payload: { username: 'admin', password: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ codeKey: 'PARAM_CHECK_FAIL', data: { field: 'code' } });
    expect(res.json().msg).toContain('code');
  });

  it('refuses normal users, suspended and expired accounts', async () => {
    await addAccount({ username: 'viewer', role: 'NORMAL_USER' });
    await addAccount({ username: 'banned', state: 'disabled' });
    await addAccount({ username: 'old', expireTime: new Date(Date.now() - 1000) });
    const attempt = async (username: string) =>
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/v1/account/login',
          payload: { username, password: 'Secret123', code: await solveCaptcha(ctx.app) },
        })
      ).json().codeKey;
    expect(await attempt('viewer')).toBe('PERMISSION_ROLE_FAIL');
    expect(await attempt('banned')).toBe('USER_HAD_BEEN_BAN');
    expect(await attempt('old')).toBe('USER_HAD_BEEN_EXPIRE');
  });
});

describe('tokens', () => {
  it('answers 50003 without a token', async () => {
    const res = await selfInfo();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 50003, codeKey: 'PERMISSION_TOKEN_MISSING' });
  });

  it('answers a write without a token with the same envelope (the operation log copes with a refused request)', async () => {
    const res = await ctx.app.inject({ method: 'PUT', url: '/v1/account/setParamSetting', payload: {} });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 50003, codeKey: 'PERMISSION_TOKEN_MISSING' });
  });

  it('answers 50001 for a bogus token', async () => {
    const res = await selfInfo('bogus-token');
    expect(res.json()).toMatchObject({ code: 50001, codeKey: 'PERMISSION_TOKEN_FAIL' });
  });

  it('answers 50014 once the session was idle too long, then 50001', async () => {
    const token = await login(ctx.app);
    await ctx.database.db.update(session).set({ lastSeenAt: sql`now() - interval '31 minutes'` });
    expect((await selfInfo(token)).json()).toMatchObject({ code: 50014, codeKey: 'PERMISSION_TOKEN_EXPIRE_FAIL' });
    expect((await selfInfo(token)).json().code).toBe(50001);
  });

  it('logout revokes the token', async () => {
    const token = await login(ctx.app);
    expect((await selfInfo(token)).json().code).toBe(200);
    const out = await ctx.app.inject({ method: 'POST', url: '/v1/account/logout', headers: { 'x-token': token } });
    expect(out.json().code).toBe(200);
    expect((await selfInfo(token)).json().code).toBe(50001);
  });

  it('stores only the hash of a token', async () => {
    const token = await login(ctx.app);
    const rows = await ctx.database.db.select({ tokenHash: session.tokenHash }).from(session);
    expect(rows.some((row) => row.tokenHash === token)).toBe(false);
  });
});

describe('envelope', () => {
  it('answers an unknown API path with an envelope, not HTML', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/does/not/exist' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toMatchObject({ code: 40400, codeKey: 'API_NOT_EXIST' });
  });

  it('answers a thrown error with SERVER_EXCEPTION and no stack trace', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/v1/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json().codeKey).toBe('SERVER_EXCEPTION');
    expect(res.body).not.toContain('internal detail');
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it('answers malformed JSON with PARAM_CHECK_FAIL', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/v1/account/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().codeKey).toBe('PARAM_CHECK_FAIL');
  });

  it("writes msg in the caller's language", async () => {
    const de = await selfInfo(undefined, { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' });
    expect(de.json().msg).toBe('Sie sind nicht angemeldet, bitte melden Sie sich an');
    const nb = await selfInfo(undefined, { 'accept-language': 'no' });
    expect(nb.json().msg).not.toBe(de.json().msg);
    const en = await selfInfo(undefined, { 'accept-language': 'zh-CN' });
    expect(en.json().msg).toBe('You are not logged in, please log in');
  });

  it("prefers the account's language over Accept-Language", async () => {
    await ctx.database.db.update(account).set({ language: 'fr' }).where(eq(account.username, 'admin'));
    const token = await login(ctx.app);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/v1/test/agents-only',
      headers: { 'x-token': token, 'accept-language': 'de' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ codeKey: 'PERMISSION_CHECK_FAIL', msg: "Vous n'avez pas l'autorisation d'effectuer cette action" });
    await ctx.database.db.update(account).set({ language: null }).where(eq(account.username, 'admin'));
  });
});

describe('health and docs', () => {
  it('answers the release time as text', async () => {
    const body = (await ctx.app.inject({ method: 'GET', url: '/health/getReleaseVersionTime' })).json();
    expect(body.code).toBe(200);
    expect(body.data).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it('documents every route in OpenAPI', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/v1/account/login', '/v1/account/selfInfo', '/v1/account/captcha', '/health/getReleaseVersionTime']),
    );
  });

  it('documents the console WebSocket with the schemas of its messages both ways', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/docs/json' })).json();
    const socket = doc.paths['/v1/ws'].get;
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
    expect(() => app.get('/v1/undeclared', async () => 'x')).toThrow(/declares no access/);
    expect(() => app.post('/v1/unaudited', { config: { access: 'public' } }, async () => 'x')).toThrow(/declares no audit action/);
    await app.close();
  });
});
