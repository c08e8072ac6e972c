import { randomBytes } from 'node:crypto';
import { Socket } from 'node:net';

/** The machine's Redis, for the scale-out tests. */
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** True when something answers on the URL's port (a service a test may use is running). */
export function reachable(url: string, defaultPort: number): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.setTimeout(500);
    socket
      .once('connect', () => resolve(true))
      .once('error', () => resolve(false))
      .once('timeout', () => resolve(false));
    socket.connect(Number(port || defaultPort), hostname, () => socket.end());
  });
}

/** Channels of this test run only: test files running at once share the machine's Redis (REDIS_PREFIX of a deployment). */
export const redisTestPrefix = () => `ss-test-${randomBytes(4).toString('hex')}:`;
