import mqtt from 'mqtt';
import { E2E_ADMIN_PASSWORD } from '../../../e2e/global-setup.js';
import type { Portal } from '../../../e2e/portal.js';
import { MQTT_URL, REDIS_URL, reachable, skipWithout } from './services.js';

/** Set by the vitest project that runs against a PostgreSQL server (vitest.config.ts). */
export const POSTGRES_URL = process.env.TEST_DATABASE_URL;

/**
 * Why a test of portal processes on PostgreSQL, Redis and Mosquitto cannot run here, or '' when it can. Under CI a
 * missing Redis or broker fails the run (skipWithout); the PGlite project leaves these tests to the postgres one.
 */
export async function scaleOutSkip(label: string): Promise<string> {
  const skip = !POSTGRES_URL
    ? 'no PostgreSQL server for this project (runs in the postgres project only)'
    : skipWithout(await reachable(REDIS_URL, 6379), `Redis at ${REDIS_URL}`)
      ? `Redis does not answer at ${REDIS_URL}`
      : skipWithout(await reachable(MQTT_URL, 1883), `an MQTT broker at ${MQTT_URL}`)
        ? `no MQTT broker answers at ${MQTT_URL}`
        : '';
  if (skip) console.warn(`${label} skipped: ${skip}`);
  return skip;
}

/**
 * One portal node's environment: the shared database, Redis channels and secret key, the machine's broker under a
 * share group of the run's own (other runs' nodes would otherwise take a share of its device messages), and the
 * node's own MQTT client id. The rest is startPortal's (free port, DEMO=0).
 */
export const scaleOutNode = (node: {
  databaseUrl: string;
  secretKey: string;
  redisPrefix: string;
  clientId: string;
  shareGroup: string;
  sessionExpirySeconds: number;
}): Record<string, string> => ({
  DATABASE_URL: node.databaseUrl,
  REDIS_URL,
  REDIS_PREFIX: node.redisPrefix,
  MQTT_URL,
  MQTT_CLIENT_ID: node.clientId,
  MQTT_SHARE_GROUP: node.shareGroup,
  MQTT_SESSION_EXPIRY_SECONDS: String(node.sessionExpirySeconds),
  SECRET_KEY: node.secretKey,
  ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
  CAPTCHA_COMPLEXITY: '1000',
  RATE_LIMIT_LOGIN_PER_MINUTE: '0',
  RATE_LIMIT_WRITES_PER_SECOND: '0',
  MEDIA_RTMP_PORT: '0',
  JT808_PORT: '0',
  MAP_TILE_URL: '',
  DEMO: '0',
});

/** SIGTERM, then SIGKILL after 10 s: a child never outlives the test, whatever failed before. */
export async function stopNode(node: Portal): Promise<void> {
  const killed = setTimeout(() => node.process.kill('SIGKILL'), 10_000);
  await node.stop();
  clearTimeout(killed);
}

/** Clears the devices' retained status, which would otherwise stay on the machine's broker for good. */
export async function clearRetainedStatus(uuids: string[]): Promise<void> {
  const cleaner = await mqtt.connectAsync(MQTT_URL, { clean: true, reconnectPeriod: 0 });
  for (const uuid of uuids) await cleaner.publishAsync(`dev/${uuid}/up/status`, '', { qos: 1, retain: true });
  await cleaner.endAsync();
}
