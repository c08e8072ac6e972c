import { randomUUID } from 'node:crypto';
import type { PushServerMessage } from '@safety-shield/contract';
import { latencyColumns, latencyPercentiles, openPushSocket, printTable, saveResult, withBoundDevices } from './lib.js';

const DEVICES = 200;
const SECONDS = 20;

/**
 * Position-to-browser latency: DEVICES devices publish one point a second through the portal's broker; a console
 * WebSocket watching every vehicle measures the time from the point's timestamp to its arrival. Target p95 ≤ 300 ms.
 */
export async function benchPushLatency() {
  return withBoundDevices('LAT', DEVICES, async ({ token, clients, vehicleIds }, portal) => {
    const socket = await openPushSocket(portal.url);
    const latencies: number[] = [];
    socket.on('message', (raw) => {
      const message = JSON.parse(String(raw)) as PushServerMessage;
      if (message.type === 'position') latencies.push(Date.now() - message.position.time);
    });
    socket.send(JSON.stringify({ type: 'auth', token }));
    socket.send(JSON.stringify({ type: 'watch', vehicleIds }));
    await new Promise((resolve) => setTimeout(resolve, 500));

    // Each device sends one point a second, spread over the second as real devices are.
    const intervals: NodeJS.Timeout[] = [];
    const timers = clients.map((client, i) => {
      const uuid = client.options.clientId as string;
      const send = () => {
        const t = Date.now();
        const point = { t, lat: 59.9 + i / 1000, lng: 10.7 + (t % 100_000) / 1e6, speed: 50, heading: 90, dbm: -70 };
        client.publish(`dev/${uuid}/up/gps`, JSON.stringify({ v: 1, id: randomUUID(), at: t, points: [point] }), { qos: 1 });
      };
      return setTimeout(() => intervals.push(setInterval(send, 1000)), (i * 1000) / DEVICES);
    });
    await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
    for (const timer of timers) clearTimeout(timer);
    for (const interval of intervals) clearInterval(interval);
    socket.close();

    const result = {
      devices: DEVICES,
      seconds: SECONDS,
      positions: latencies.length,
      ...latencyPercentiles(latencies),
      targetP95Ms: 300,
    };
    printTable('Position to browser (device publish → console WebSocket), embedded broker, PGlite', [
      {
        devices: DEVICES,
        positions: result.positions,
        ...latencyColumns(result),
        'target p95 ms': 300,
      },
    ]);
    await saveResult('push-latency', result);
    return result;
  });
}
