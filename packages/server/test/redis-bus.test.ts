import { describe, expect, it } from 'vitest';
import { BUS_KINDS, type BusMessages } from '../src/bus/bus.js';
import { redisBus } from '../src/bus/redis-bus.js';
import { REDIS_URL, reachable, redisTestPrefix, skipWithout } from './services.js';

describe.skipIf(skipWithout(await reachable(REDIS_URL, 6379), `Redis at ${REDIS_URL}`))('the Redis bus of several portal nodes', () => {
  it('delivers an event published on one node to the listeners of every node', async () => {
    const prefix = redisTestPrefix();
    const [one, two] = await Promise.all([redisBus(REDIS_URL, prefix), redisBus(REDIS_URL, prefix)]);
    const seen: unknown[] = [];
    const arrived = new Promise<void>((resolve) =>
      two.subscribe('position', (event) => {
        seen.push(event);
        resolve();
      }),
    );
    const event = { vehicleId: 7, deviceId: 3, position: { lat: 1, lng: 2, speed: 3, heading: 4, dbm: null, time: 5 } };
    one.publish('position', event);
    await arrived;
    expect(seen).toEqual([event]);
    await Promise.all([one.close(), two.close()]);
  });

  it('carries every kind of event (a revocation left on one node would keep a logged-out token alive)', async () => {
    const prefix = redisTestPrefix();
    const [one, two] = await Promise.all([redisBus(REDIS_URL, prefix), redisBus(REDIS_URL, prefix)]);
    const arrived = BUS_KINDS.map((kind) => new Promise<keyof BusMessages>((resolve) => two.subscribe(kind, () => resolve(kind))));
    // The payload's shape does not matter to the bus: it carries JSON.
    for (const kind of BUS_KINDS) one.publish(kind, { tokenHash: null } as never);
    expect(await Promise.all(arrived)).toEqual(BUS_KINDS);
    expect(BUS_KINDS).toContain('sessions');
    await Promise.all([one.close(), two.close()]);
  });
});
