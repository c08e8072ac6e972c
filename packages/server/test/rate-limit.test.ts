import { accountApi, credentialApi, shareApi } from '@safety-shield/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryCounters, redisCounters, Windows } from '../src/bus/counters.js';
import { call } from './api-client.js';
import { ADMIN_PASSWORD, login, solveCaptcha, testApp } from './helpers.js';
import { REDIS_URL, reachable, redisTestPrefix, skipWithout } from './services.js';

let ctx: Awaited<ReturnType<typeof testApp>>;
let token: string;

beforeAll(async () => {
  ctx = await testApp({ rateLoginPerMinute: 4, rateWritesPerSecond: 2 });
  // Each login takes two calls from the address: the challenge and the login itself.
  token = await login(ctx.app);
});
afterAll(() => ctx.close());

describe('sliding windows', () => {
  it('let at most the limit through in any span of the window, also across a minute’s edge', () => {
    const windows = new Windows(60_000);
    const edge = 120_000;
    expect([1, 2].map((n) => windows.take('a', 2, edge - 1_000 + n))).toEqual([true, true]);
    expect(windows.take('a', 2, edge + 1)).toBe(false);
    expect(windows.take('b', 2, edge + 1)).toBe(true);
    expect(windows.take('a', 2, edge + 59_000 + 2)).toBe(true);
  });
});

const noRedis = skipWithout(await reachable(REDIS_URL, 6379), `Redis at ${REDIS_URL}`);

describe('shared counters', () => {
  it.skipIf(noRedis)('hold one window for all nodes with Redis: two nodes together let the limit through, not twice it', async () => {
    const prefix = redisTestPrefix();
    const nodes = await Promise.all([0, 1].map(() => redisCounters(REDIS_URL, prefix, () => {})));
    const taken = [];
    for (let call = 0; call < 6; call++) taken.push(await nodes[call % 2]?.take('login:10.0.0.1', 4, 60_000));
    expect(taken).toEqual([true, true, true, true, false, false]);
    expect(await nodes[0]?.take('login:10.0.0.2', 4, 60_000)).toBe(true);
    expect([await nodes[0]?.increment('unknown', 60_000), await nodes[1]?.increment('unknown', 60_000)]).toEqual([1, 2]);
    await Promise.all(nodes.map((node) => node.close()));
  });

  it.skipIf(noRedis)('let a limit through when Redis does not answer, and say so', async () => {
    const warnings: string[] = [];
    const counters = await redisCounters(REDIS_URL, redisTestPrefix(), (line) => warnings.push(line));
    await counters.close();
    expect(await counters.take('login:10.0.0.3', 1, 60_000)).toBe(true);
    expect(warnings.join()).toMatch(/limits not applied/);
  });

  it('forget a count once its time is up, in memory', async () => {
    const counters = memoryCounters();
    expect(await counters.increment('k', 20)).toBe(1);
    expect(await counters.increment('k', 20)).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(await counters.increment('k', 20)).toBe(1);
  });
});

describe('rate limits', () => {
  it('answers YOU_REQUEST_TOO_FAST once an address has tried to log in too often in a minute', async () => {
    const code = await solveCaptcha(ctx.app);
    const third = await call(ctx, undefined, accountApi.login, { username: 'admin', password: ADMIN_PASSWORD, code });
    expect(third.code).toBe(200);
    const fifth = await call(ctx, undefined, accountApi.captcha);
    expect(fifth.status).toBe(429);
    expect(fifth.codeKey).toBe('YOU_REQUEST_TOO_FAST');
  });

  it('answers YOU_REQUEST_TOO_FAST to writes beyond the limit per second, and never to reads', async () => {
    const writes = [];
    for (let i = 0; i < 10; i++) writes.push((await call(ctx, token, credentialApi.setParamSetting, { tabsView: true })).codeKey);
    // Ten calls take well under two seconds: at most two writes pass in any second.
    expect(writes.filter((key) => key === 'REQUEST_SUCCESS').length).toBeLessThanOrEqual(4);
    expect(writes).toContain('YOU_REQUEST_TOO_FAST');
    for (let i = 0; i < 10; i++) expect((await call(ctx, token, accountApi.selfInfo)).code).toBe(200);
  });

  it('holds opening share links to the login pace per address, counted apart from logins', async () => {
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await call(ctx, undefined, shareApi.publicList, { token: 'guess.guess' })).codeKey);
    expect(answers.slice(0, 4).every((key) => key !== 'YOU_REQUEST_TOO_FAST')).toBe(true);
    expect(answers.slice(4)).toEqual(['YOU_REQUEST_TOO_FAST', 'YOU_REQUEST_TOO_FAST']);
  });
});
