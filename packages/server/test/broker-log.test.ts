import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../../e2e/portal.js';
import { loggerOptions } from '../src/app.js';
import { openBrokerSession } from '../src/gateway/broker-session.js';
import { capturedLog, nodeGateway } from './gateway-fixtures.js';
import { testDatabase } from './helpers.js';
import { MQTT_URL, reachable, skipWithout } from './services.js';

const noBroker = skipWithout(await reachable(MQTT_URL, 1883), `an MQTT broker at ${MQTT_URL}`);

/** Issue 28, walking docs/deployment.md: what an operator reads in the log about the external broker. */
describe('the log of the gateway on an external broker', () => {
  it('names why a connection to the broker failed (a TLS trust, a refusal, nobody listening)', async () => {
    const { log, lines } = capturedLog(loggerOptions);
    const url = `mqtt://127.0.0.1:${await freePort()}`;
    const session = openBrokerSession(async () => {}, log, { url, clientId: 'log-test', sessionExpirySeconds: 1, reconnect: false });
    await expect(session.connected).rejects.toThrow();
    session.client.end(true);
    expect(lines.find((line) => line.msg === 'MQTT broker connection error')).toMatchObject({
      reason: expect.stringContaining('ECONNREFUSED'),
      code: 'ECONNREFUSED',
    });
  });

  it.skipIf(noBroker)('shows the broker’s address without its password', { timeout: 90_000 }, async () => {
    const database = await testDatabase();
    const { log, lines } = capturedLog(loggerOptions);
    const password = `pw-${randomBytes(6).toString('hex')}`;
    const url = new URL(MQTT_URL);
    url.username = 'safety-shield-gateway';
    url.password = password;
    const run = randomBytes(4).toString('hex');
    const node = await nodeGateway(database, {
      log,
      mqttUrl: url.href,
      mqttClientId: `ss-log-${run}`,
      mqttSessionExpirySeconds: 2,
      mqttShareGroup: `ss-log-${run}`,
    });
    try {
      expect(lines.find((line) => line.msg === 'device gateway started')?.url).toBe(
        `${url.protocol}//safety-shield-gateway:***@${url.host}`,
      );
      expect(JSON.stringify(lines)).not.toContain(password);
    } finally {
      await node.close();
      await database.close();
    }
  });
});
