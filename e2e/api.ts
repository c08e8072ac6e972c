import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

type Challenge = Parameters<typeof solveChallenge>[0]['challenge'];

/** Logs in over HTTP, solving the robot check as the browser widget would; answers the token. */
export async function apiLogin(url: string, username: string, password: string): Promise<string> {
  const challenge = (await (await fetch(`${url}/v1/account/captcha`)).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  const code = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  const res = await fetch(`${url}/v1/account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, code }),
  });
  const body = (await res.json()) as { code: number; data: { token: string } };
  if (body.code !== 200) throw new Error(`login failed: ${JSON.stringify(body)}`);
  return body.data.token;
}
