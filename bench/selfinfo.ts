import { startPortal } from '../e2e/portal.js';
import { load, loginToken } from './client.js';
import { BENCH_ADMIN_PASSWORD, median, printTable, saveResult } from './lib.js';

/** selfInfo with a valid token against the trivial release-time route, 10 s and 50 connections each, alternated. */
export async function benchSelfInfo(rounds = 2) {
  const portal = await startPortal({
    ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
    CAPTCHA_COMPLEXITY: '1000',
    LOG_LEVEL: 'error',
    RATE_LIMIT_LOGIN_PER_MINUTE: '0',
  });
  try {
    const token = await loginToken(portal.url, 'admin', BENCH_ADMIN_PASSWORD);
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
