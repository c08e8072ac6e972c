import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import autocannon from 'autocannon';

/** Solves a robot-check challenge as the browser does; answers the payload the login call takes. */
export async function solvedCode(url: string): Promise<string> {
  const challenge = await (await fetch(`${url}/v1/account/captcha`)).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

export async function loginToken(url: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${url}/v1/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, code: await solvedCode(url) }),
  });
  const body = await res.json();
  if (!body.data?.token) throw new Error(`login failed: ${JSON.stringify(body)}`);
  return body.data.token;
}

/** autocannon for 10 s at 50 connections; any non-2xx answer fails the bench rather than flattering it. */
export async function load(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: 50, duration: 10, headers });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p99: result.latency.p99 };
}
