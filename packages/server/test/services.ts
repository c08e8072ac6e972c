import { randomBytes } from 'node:crypto';
import { Socket } from 'node:net';
import mqtt from 'mqtt';

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

/**
 * Whether a test must be skipped for want of a service (Redis, Mosquitto, ffmpeg): never under CI, where a missing
 * service fails the run instead of hiding the tests that need it.
 */
export function skipWithout(available: boolean, service: string): boolean {
  if (available) return false;
  if (process.env.CI)
    throw new Error(
      `${service} is missing: CI runs every test (.ci/run installs ffmpeg, PostgreSQL, Redis and Mosquitto and starts the services)`,
    );
  console.warn(`Skipped: ${service} is missing`);
  return true;
}

/** The machine's Mosquitto (anonymous clients allowed). */
export const MQTT_URL = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';

/** Ends the sessions these MQTT client ids keep on the machine's broker (a clean connection drops a session). */
export async function forgetSessions(clientIds: string[]): Promise<void> {
  for (const clientId of clientIds) {
    const forget = await mqtt.connectAsync(MQTT_URL, { clientId, clean: true, reconnectPeriod: 0 });
    await forget.endAsync();
  }
}

/** Channels of this test run only: test files running at once share the machine's Redis (REDIS_PREFIX of a deployment). */
export const redisTestPrefix = () => `ss-test-${randomBytes(4).toString('hex')}:`;
