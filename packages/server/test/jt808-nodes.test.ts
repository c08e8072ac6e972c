import { PARAMETER } from '@safety-shield/contract/jt808';
import { Jt808Terminal } from '@safety-shield/device-sim';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { type Bus, localBus } from '../src/bus/bus.js';
import { redisBus } from '../src/bus/redis-bus.js';
import { device } from '../src/db/schema.js';
import { capturedLog, nodeParts, waitFor } from './gateway-fixtures.js';
import { testDatabase } from './helpers.js';
import { registrationOf, testListener } from './jt808-fixtures.js';
import { REDIS_URL, reachable, redisTestPrefix, skipWithout } from './services.js';

/**
 * Two portal nodes over one database (docs/jt808.md, "Several nodes"): a terminal connects to one, and a command asked
 * on the other reaches it through the bus, in one process (one bus) and as separate nodes do it (Redis).
 */
const database = await testDatabase();
const { log } = capturedLog();
const noRedis = skipWithout(await reachable(REDIS_URL, 6379), `Redis at ${REDIS_URL}`);
const redisPrefix = redisTestPrefix();
const closing: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const close of closing.reverse()) await close();
  await database.close();
});

async function node(bus: Bus) {
  const { app, devicePort } = await nodeParts(database, { bus, log });
  const gateway = await testListener(database, log, { intake: app.deviceIntake, devicePort }, { bus });
  closing.push(
    () => app.close(),
    () => gateway.close(),
  );
  return { devicePort, gateway };
}

const setups: Array<[string, () => Promise<[Bus, Bus]>]> = [
  [
    'one process',
    async () => {
      const bus = localBus();
      return [bus, bus];
    },
  ],
];
if (!noRedis)
  setups.push([
    'Redis',
    async () => {
      const [a, b] = await Promise.all([redisBus(REDIS_URL, redisPrefix), redisBus(REDIS_URL, redisPrefix)]);
      closing.push(
        () => a.close(),
        () => b.close(),
      );
      return [a, b];
    },
  ]);

describe.each(setups.map(([name, buses], index) => ({ name, buses, index })))('JT/T 808 on several nodes ($name)', ({ buses, index }) => {
  const number = `01390000081${index}`;
  const uuid = number.replace(/^0+/, '');
  const online = async (want: boolean) =>
    waitFor(async () => (await database.db.select().from(device).where(eq(device.deviceUuid, uuid)))[0]?.online === want);

  it('carries out a command asked on another node than the one holding the terminal, and answers its ack there', async () => {
    const [busA, busB] = await buses();
    const [held, other] = [await node(busA), await node(busB)];
    const terminal = new Jt808Terminal({
      host: '127.0.0.1',
      port: held.gateway.port,
      terminal: number,
      version: 2013,
      replyTimeoutMs: 5_000,
    });
    closing.push(() => terminal.close());
    await terminal.connect();
    const { code } = await terminal.register(registrationOf(`NODE 81${index}`));
    expect(await terminal.authenticate(code ?? '')).toBe(0);
    await online(true);
    // The other node learnt of the new terminal: its device port has a way to it.
    await waitFor(() => other.devicePort.reaches(uuid));

    const ack = await other.devicePort.send(uuid, 'config', { version: 4, settings: { uploadIntervalSeconds: 20 } });
    expect(ack.ok).toBe(true);
    expect(terminal.parameters.get(PARAMETER.reportSeconds)).toBe(20);
    // Read back through the other node too: the version the terminal acknowledged there.
    const read = await other.devicePort.send(uuid, 'configGet', {});
    expect(read.result).toEqual({ version: 4, settings: { uploadIntervalSeconds: 20 } });
    // What the terminal cannot do is refused at once, on any node.
    await expect(other.devicePort.send(uuid, 'lock', { locked: true })).rejects.toMatchObject({
      ack: { ok: false, error: 'not supported by the device protocol' },
    });

    // Once no node holds it, a command is unanswered at once: not relayed to wait out its time for an answer.
    await terminal.close();
    await online(false);
    const unanswered = other.devicePort.send(uuid, 'config', { version: 5, settings: { uploadIntervalSeconds: 30 } });
    await expect(unanswered).rejects.toMatchObject({ ack: undefined, message: expect.stringContaining('is not connected') });
  });
});
