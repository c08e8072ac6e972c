import { request } from 'node:http';
import { accountApi, deviceApi, liveApi, objectApi, orgApi, thresholdApi, vehicleApi } from '@safety-shield/contract';
import { messages } from '@safety-shield/contract/messages';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { org, thresholdClass } from '../src/db/schema.js';
import { loggableError } from '../src/http/error-handler.js';
import { call, callUnchecked, urlOf } from './api-client.js';
import { login, testApp } from './helpers.js';

/** Issue 15: what the fuzz over `inject` cannot reach (the HTTP parser, the router) and what the logs may say. */
const ctx = await testApp();
afterAll(() => ctx.close());
const address = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
const { port } = new URL(address);

/** A raw request over a socket, as a client sends it (no URL checks of our own in the way). */
function raw(path: string, headers: Record<string, string> = {}): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers: { 'accept-language': 'en', ...headers } }, (res) => {
      let body = '';
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), body }));
    });
    req.on('error', reject);
    req.end();
  });
}

function expectRefusal(answer: { status: number; type: string; body: string }, status: number) {
  expect(answer.status).toBe(status);
  expect(answer.type).toMatch(/^application\/json/);
  const envelope = JSON.parse(answer.body);
  expect(Object.keys(envelope).sort()).toEqual(['code', 'codeKey', 'data', 'msg']);
  expect(envelope.codeKey).toBe('PARAM_CHECK_FAIL');
  expect(envelope.msg).toBe(messages.en.PARAM_CHECK_FAIL);
}

describe('requests refused before a route answers', () => {
  it('answers oversized headers with 431 and the envelope', async () => {
    expectRefusal(await raw(urlOf(accountApi.selfInfo), { 'x-token': 'x'.repeat(20_000) }), 431);
  });

  it('answers a URL that does not decode with 400 and the envelope', async () => {
    // Spelled on purpose: a path whose escape does not decode is what is under test.
    expectRefusal(await raw('/v1/vehicle/%E0%A4%A'), 400);
  });

  it('answers a path parameter beyond its length with the envelope, not a framework code', async () => {
    const answer = await raw(urlOf(objectApi.download, { token: 'x'.repeat(3_000) }));
    expect(answer.status).toBeLessThan(500);
    expect(JSON.parse(answer.body).msg).not.toMatch(/FST_/);
  });

  it('answers a body over the limit and malformed JSON with the translated message only', async () => {
    const token = await login(ctx.app);
    for (const payload of [`{"realName":"${'x'.repeat(1_100_000)}"}`, '{"realName":']) {
      // Text as the body, not an object a call would send: the request is built from the declaration here.
      const res = await ctx.app.inject({
        method: accountApi.updateSelf.method,
        url: accountApi.updateSelf.path,
        headers: { 'x-token': token, 'content-type': 'application/json', 'accept-language': 'de' },
        payload,
      });
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json()).toMatchObject({ codeKey: 'PARAM_CHECK_FAIL', msg: messages.de.PARAM_CHECK_FAIL });
    }
  });
});

describe('the rules every input follows', () => {
  it('refuses ids beyond an integer column, NUL, broken surrogates and an update that names nothing', async () => {
    const token = await login(ctx.app);
    const english = { headers: { 'accept-language': 'en' } };
    const refused = [
      call(ctx, token, accountApi.info, { uid: 2147483648 }, english),
      callUnchecked(ctx, token, vehicleApi.list, { page: 99999999999 }, english),
      callUnchecked(ctx, token, deviceApi.list, { keyword: 'a\u0000b' }, english),
      call(ctx, token, accountApi.updateSelf, { realName: 'x\ud800y' }, english),
      call(ctx, token, accountApi.updateSelf, {}, english),
    ];
    for (const res of await Promise.all(refused)) {
      expect(res.status, res.res.body).toBe(400);
      expect(res.codeKey).toBe('PARAM_CHECK_FAIL');
    }
    // A complete surrogate pair is a character like any other.
    const emoji = await call(ctx, token, accountApi.updateSelf, { realName: 'Ada 🚚' }, english);
    expect(emoji.codeKey).toBe('REQUEST_SUCCESS');
  });
});

describe('properties a schema does not declare (issue 28)', () => {
  it('refuses them in a body, at any depth, and in a query, naming them, and keeps nothing', async () => {
    const token = await login(ctx.app);
    const english = { headers: { 'accept-language': 'en' } };
    const refused: Array<[ReturnType<typeof callUnchecked>, string]> = [
      [callUnchecked(ctx, undefined, accountApi.login, { username: 'admin', password: 'x', code: 'x', rememberMe: true }), 'rememberMe'],
      [callUnchecked(ctx, token, accountApi.updateSelf, { realName: 'Eve', nickname: 'eve' }, english), 'nickname'],
      [callUnchecked(ctx, token, orgApi.agentCreate, { name: 'Agent Undeclared', colour: 'red' }, english), 'colour'],
      [
        callUnchecked(
          ctx,
          token,
          thresholdApi.create,
          {
            name: 'Undeclared',
            values: {
              speedingMarginKmh: 5,
              harshAccelerationG: 0.3,
              harshBrakingG: 0.3,
              harshTurnG: 0.3,
              fatigueSeconds: 3,
              distractionSeconds: 3,
              phoneUseSeconds: 3,
              brakeLightSeconds: 1,
            },
          },
          english,
        ),
        'values.brakeLightSeconds',
      ],
      [callUnchecked(ctx, token, vehicleApi.list, { page: 1, limit: 10, pagesize: 10 }, english), 'pagesize'],
    ];
    for (const [answer, field] of refused) {
      const res = await answer;
      expect(res.status, field).toBe(400);
      expect(res.res.json()).toEqual({
        code: 40001,
        codeKey: 'PARAM_CHECK_FAIL',
        msg: `${messages.en.PARAM_CHECK_FAIL}: ${field}`,
        data: { field },
      });
    }
    const self = await call(ctx, token, accountApi.selfInfo, undefined, english);
    expect(self.data.baseInfo.realName).not.toBe('Eve');
    expect(await ctx.database.db.select().from(org).where(eq(org.name, 'Agent Undeclared'))).toEqual([]);
    expect(await ctx.database.db.select().from(thresholdClass).where(eq(thresholdClass.name, 'Undeclared'))).toEqual([]);

    // The one opt-out: an external media server's hook body carries fields of its own.
    const hook = await callUnchecked(ctx, undefined, liveApi.hook, {
      event: 'on_play',
      action: 'on_play',
      client_id: '7',
      ip: '10.0.0.1',
      vhost: '__defaultVhost__',
      app: 'live',
      stream: 'none',
      param: '',
    });
    expect(hook.status).toBe(403);
  });
});

describe('what the logs say of an error', () => {
  it('keeps the class, codes and frames but never a failed statement or its parameters', () => {
    const driver = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
    const failed = new Error('Failed query: update account set real_name = $1 where id = $2\nparams: Secret Name,1', { cause: driver });
    const logged = loggableError(failed);
    expect(logged).toMatchObject({ type: 'Error', sqlState: '22021' });
    expect(JSON.stringify(logged)).not.toMatch(/Secret Name|real_name|update account/);
  });
});
