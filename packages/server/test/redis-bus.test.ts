import { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { redisBus } from '../src/events/redis-bus.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** True when something answers on the Redis port (the suite then tests the scale-out bus against it). */
async function reachable(): Promise<boolean> {
  const { hostname, port } = new URL(REDIS_URL);
  return new Promise((resolve) => {
    const socket = new Socket();
    socket.setTimeout(500);
    socket
      .once('connect', () => resolve(true))
      .once('error', () => resolve(false))
      .once('timeout', () => resolve(false));
    socket.connect(Number(port || 6379), hostname, () => socket.end());
  });
}

describe.skipIf(!(await reachable()))('the Redis bus of several portal nodes', () => {
  it('delivers an event published on one node to the listeners of every node', async () => {
    const [one, two] = await Promise.all([redisBus(REDIS_URL), redisBus(REDIS_URL)]);
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
});
