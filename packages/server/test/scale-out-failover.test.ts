import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { PushServerMessage } from '@safety-shield/contract';
import type { SimDevice } from '@safety-shield/device-sim';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyWithVehicle } from '../../../e2e/console.js';
import { type Portal, SOURCE_PORTAL, startPortal } from '../../../e2e/portal.js';
import type { Database } from '../src/db/client.js';
import { gatewayNode, gpsPoint, org } from '../src/db/schema.js';
import { seedDevice, track, waitFor } from './gateway-fixtures.js';
import { openServerDatabase } from './helpers.js';
import { simulator } from './portal-fixtures.js';
import { clearRetainedStatus, POSTGRES_URL, scaleOutNode, scaleOutSkip, stopNode } from './scale-out-fixtures.js';
import { forgetSessions, MQTT_URL, redisTestPrefix } from './services.js';
import { consoleSocket } from './sos-fixtures.js';

const skip = await scaleOutSkip('Failover test with two portal processes');

const run = randomBytes(4).toString('hex');
const clientIdOf = (name: string) => `ss-failover-${run}-${name}`;
const DEVICES = 4;
/** Each device sends a GPS message of 2 points this often: 100 messages a second in all (a device normally sends one in 5 s). */
const GPS_EVERY_MS = 40;
const LOAD_BEFORE_KILL_MS = 2_000;
const LOAD_AFTER_KILL_MS = 6_000;
const SOS_DEADLINE_MS = 5_000;

const nodeEnv = (databaseUrl: string, secretKey: string, redisPrefix: string, name: string): Record<string, string> => ({
  ...scaleOutNode({
    databaseUrl,
    secretKey,
    redisPrefix,
    clientId: clientIdOf(name),
    shareGroup: `ss-failover-${run}`,
    // Longer than the test: the dead node's share must move through the takeover, not through its session expiring.
    sessionExpirySeconds: 120,
  }),
  // Node B's takeover lines are read from its output.
  LOG_LEVEL: name === 'b' ? 'info' : 'warn',
});
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

describe.skipIf(skip !== '')('a portal node killed under load (kill -9) on PostgreSQL, Redis and Mosquitto', () => {
  let database: Awaited<ReturnType<typeof openServerDatabase>> | undefined;
  const nodes: Portal[] = [];
  const sims: SimDevice[] = [];
  /** Node B's log lines (pino JSON). */
  const logOfB: Array<{ time: number; msg: string; [key: string]: unknown }> = [];

  beforeAll(async () => {
    const secretKey = randomBytes(32).toString('base64');
    const redisPrefix = redisTestPrefix();
    // Migrated here, so the two nodes may start at once (the run time of this file is mostly their start).
    database = await openServerDatabase(POSTGRES_URL ?? '');
    nodes.push(
      ...(await Promise.all(
        ['a', 'b'].map((name) => startPortal(nodeEnv(database?.url ?? '', secretKey, redisPrefix, name), undefined, SOURCE_PORTAL)),
      )),
    );
    let pendingLine = '';
    nodes[1]?.process.stdout?.on('data', (chunk: Buffer) => {
      const lines = (pendingLine + chunk.toString()).split('\n');
      pendingLine = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.startsWith('{')) continue;
        try {
          logOfB.push(JSON.parse(line));
        } catch {
          // not a log line
        }
      }
    });
  }, 60_000);

  afterAll(async () => {
    await Promise.all(sims.map((sim) => sim.stop()));
    const [a, b] = nodes;
    if (a) {
      if (a.process.exitCode === null && a.process.signalCode === null) a.process.kill('SIGKILL');
      await rm(a.dataDir, { recursive: true, force: true });
    }
    if (b) await stopNode(b);
    // Nothing left on the machine's broker: the devices' retained status, node B's session (A's was taken over).
    await clearRetainedStatus(sims.map((sim) => sim.uuid));
    await forgetSessions(['a', 'b'].map(clientIdOf));
    await database?.close();
  }, 60_000);

  it('the other node takes over: every S.O.S pressed after the kill reaches its console within 5 s, no acknowledged position is lost', async () => {
    const [a, b] = nodes as [Portal, Portal];
    const { db } = database as Database;
    const mine = await companyWithVehicle(a.url, 'Failover');
    const [company] = await db.select({ agentId: org.belongAgentId }).from(org).where(eq(org.id, mine.company.id));
    const owner = { agentId: company?.agentId ?? 0, companyId: mine.company.id, key: mine.key };
    const deviceIds = new Map<string, number>();
    for (let i = 0; i < DEVICES; i++) {
      const uuid = `FO-${run}-${i}`.toUpperCase();
      const { id, secret } = await seedDevice(db, owner, uuid);
      deviceIds.set(uuid, id);
      // No built-in GPS (the test sends its own points); no session left behind on the machine's broker.
      sims.push(simulator(MQTT_URL, uuid, secret, { gpsIntervalMs: 3_600_000, mqtt: { clean: true } }));
    }
    for (const sim of sims) expect(await sim.start()).toBe(true);
    expect(await db.select().from(gatewayNode)).toHaveLength(2);

    // The console on node B, each message with the time it arrived.
    const onB = await consoleSocket(b.url, mine.admin.token);
    const arrivals: Array<{ at: number; message: PushServerMessage }> = [];
    onB.socket.on('message', (raw) => arrivals.push({ at: Date.now(), message: JSON.parse(String(raw)) }));
    const startedOnB = (uuid: string, since: number) =>
      arrivals.filter(
        ({ message }) =>
          message.type === 'sos' && message.state === 'started' && message.sos.deviceUuid === uuid && message.sos.startTime >= since,
      );

    let killedAt = Number.POSITIVE_INFINITY;
    let loading = true;
    /** `deviceId:t` of every point whose message the broker acknowledged to the device. */
    const acked = new Set<string>();
    let positionsSent = 0;
    const t0 = Date.now() - 3_600_000;
    const gps = sims.map(async (sim, index) => {
      const deviceId = deviceIds.get(sim.uuid) ?? 0;
      let t = t0 + index * 10;
      const sends: Array<Promise<unknown>> = [];
      while (loading) {
        const points = track(t, 2);
        t += 2_000;
        positionsSent += points.length;
        sends.push(
          sim.publish('gps', { points }).then((ok) => {
            if (ok) for (const point of points) acked.add(`${deviceId}:${point.t}`);
          }),
        );
        await delay(GPS_EVERY_MS);
      }
      await Promise.all(sends);
    });

    const presses: Array<{ uuid: string; pressedAt: number; delayMs: number | null; events: number }> = [];
    const sos = sims.map(async (sim, index) => {
      await delay(index * 150);
      while (loading) {
        const pressedAt = Date.now();
        expect(await sim.pressSos()).not.toBeNull();
        const press = { uuid: sim.uuid, pressedAt, delayMs: null as number | null, events: 0 };
        presses.push(press);
        const arrived = await waitFor(() => startedOnB(sim.uuid, pressedAt)[0], SOS_DEADLINE_MS + 3_000).catch(() => undefined);
        if (arrived && arrived.message.type === 'sos') press.delayMs = arrived.at - arrived.message.sos.startTime;
        expect(await sim.releaseSos()).toBe(true);
        await delay(200);
      }
    });

    await delay(LOAD_BEFORE_KILL_MS);
    killedAt = Date.now();
    a.process.kill('SIGKILL');
    await delay(LOAD_AFTER_KILL_MS);
    loading = false;
    await Promise.all([...gps, ...sos]);

    // Every position the broker acknowledged is stored: those the dead node had not committed came to B with its session.
    const stored = async () => {
      const rows = await db
        .select({ deviceId: gpsPoint.deviceId, at: gpsPoint.at })
        .from(gpsPoint)
        .where(inArray(gpsPoint.deviceId, [...deviceIds.values()]));
      const keys = new Set(rows.map((row) => `${row.deviceId}:${row.at.getTime()}`));
      return [...acked].filter((key) => !keys.has(key));
    };
    const lost = await waitFor(async () => {
      const missing = await stored();
      return missing.length === 0 ? missing : undefined;
    }, 15_000).catch(() => stored());
    // Each press was told of once, by whichever node stored it: the events of a device between a press and its next.
    for (const press of presses) {
      const next =
        presses.find((later) => later.uuid === press.uuid && later.pressedAt > press.pressedAt)?.pressedAt ?? Number.POSITIVE_INFINITY;
      press.events = startedOnB(press.uuid, press.pressedAt).filter(
        ({ message }) => message.type === 'sos' && message.sos.startTime < next,
      ).length;
    }

    const afterKill = presses.filter((press) => press.pressedAt >= killedAt);
    const delays = afterKill.map((press) => press.delayMs ?? Number.POSITIVE_INFINITY);
    const takeover = logOfB.find((line) => line.msg === 'took over the broker session of a stopped portal node');
    const drained = logOfB.find((line) => line.msg.startsWith('stopped portal node’s broker session drained'));
    console.info(
      [
        `Failover (kill -9 of node A under ${(1000 / GPS_EVERY_MS) * DEVICES} GPS messages/s from ${DEVICES} devices):`,
        `  node B took over A's session ${takeover ? ((takeover.time - killedAt) / 1000).toFixed(2) : '?'} s after the kill` +
          ` (${drained ? `${drained.messages} messages drained, session ended after ${drained.ms} ms` : 'not ended yet'})`,
        `  S.O.S pressed after the kill: ${afterKill.length}, delay to node B's console p50 ${percentile(delays, 50)} ms,` +
          ` p95 ${percentile(delays, 95)} ms, max ${Math.max(...delays)} ms`,
        `  positions sent ${positionsSent}, acknowledged by the broker ${acked.size}, lost ${lost.length}`,
      ].join('\n'),
    );

    expect(takeover?.node).toBe(clientIdOf('a'));
    expect(afterKill.length).toBeGreaterThanOrEqual(DEVICES * 4);
    expect(Math.max(...delays)).toBeLessThan(SOS_DEADLINE_MS);
    expect(afterKill.map((press) => press.events)).toEqual(afterKill.map(() => 1));
    expect(acked.size).toBeGreaterThan(0);
    expect(lost).toEqual([]);
    // Node A's row went with its session; B's remains.
    await waitFor(async () => (await db.select().from(gatewayNode)).length === 1, 5_000);
    expect((await db.select().from(gatewayNode)).map((row) => row.clientId)).toEqual([clientIdOf('b')]);
    onB.close();
  }, 60_000);
});
