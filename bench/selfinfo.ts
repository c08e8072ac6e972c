import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import autocannon from 'autocannon';
import { startPortal } from '../e2e/portal.js';
import { median, printTable, saveResult } from './lib.js';

const PASSWORD = 'Bench1234admin';

async function loginToken(url: string): Promise<string> {
  const challenge = await (await fetch(`${url}/v1/account/captcha`)).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  const code = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  const res = await fetch(`${url}/v1/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD, code }),
  });
  const body = await res.json();
  if (body.code !== 200) throw new Error(`login failed: ${JSON.stringify(body)}`);
  return body.data.token;
}

async function load(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: 50, duration: 10, headers });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}

/** selfInfo with a valid token against the trivial release-time route, 10 s and 50 connections each, alternated. */
export async function benchSelfInfo(rounds = 2) {
  const portal = await startPortal({ ADMIN_PASSWORD: PASSWORD, CAPTCHA_COMPLEXITY: '1000', LOG_LEVEL: 'error' });
  try {
    const token = await loginToken(portal.url);
    const trivial: { rps: number; p99: number }[] = [];
    const self: { rps: number; p99: number }[] = [];
    for (let i = 0; i < rounds; i++) {
      trivial.push(await load(`${portal.url}/health/getReleaseVersionTime`));
      self.push(await load(`${portal.url}/v1/account/selfInfo`, { 'x-token': token }));
    }
    const summary = (runs: { rps: number; p99: number }[]) => ({
      rps: Math.round(median(runs.map((r) => r.rps))),
      p99Ms: median(runs.map((r) => r.p99)),
    });
    const result = { trivial: summary(trivial), selfInfo: summary(self), ratio: 0 };
    result.ratio = Number((result.selfInfo.rps / result.trivial.rps).toFixed(3));
    printTable('GET selfInfo vs a trivial route (autocannon, 10 s, 50 connections, median of rounds)', [
      { route: '/health/getReleaseVersionTime', 'req/s': result.trivial.rps, 'p99 ms': result.trivial.p99Ms },
      { route: '/v1/account/selfInfo', 'req/s': result.selfInfo.rps, 'p99 ms': result.selfInfo.p99Ms },
      { route: 'ratio (target ≥ 0.5)', 'req/s': result.ratio, 'p99 ms': '' },
    ]);
    await saveResult('selfinfo', result);
    return result;
  } finally {
    await portal.stop();
  }
}
