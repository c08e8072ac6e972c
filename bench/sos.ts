import type { PushServerMessage } from '@safety-shield/contract';
import type mqtt from 'mqtt';
import { latencyColumns, latencyPercentiles, openPushSocket, printTable, saveResult, withBoundDevices } from './lib.js';

const DEVICES = 10;
const PRESSES = 200;

/**
 * S.O.S press to Focus Board message: devices bound to vehicles press S.O.S (`up/sos` start) one after the other; a
 * console WebSocket (signed in, nothing asked for: S.O.S is pushed unasked) measures the time from the publish to the
 * `sos` started message. Each press also files a panicButton incident. Target p95 ≤ 300 ms over 200 presses.
 */
export async function benchSos() {
  return withBoundDevices('SOS', DEVICES, async ({ token, clients }, portal) => {
    const socket = await openPushSocket(portal.url);
    let waiting: ((message: PushServerMessage) => void) | undefined;
    socket.on('message', (raw) => waiting?.(JSON.parse(String(raw)) as PushServerMessage));
    const ready = new Promise<void>((resolve) => {
      waiting = (message) => message.type === 'ready' && resolve();
    });
    socket.send(JSON.stringify({ type: 'auth', token }));
    await ready;

    const latencies: number[] = [];
    let lost = 0;
    for (let n = 0; n < PRESSES; n++) {
      const client = clients[n % clients.length] as mqtt.MqttClient;
      const uuid = client.options.clientId as string;
      const id = `press-${n}`;
      const arrived = new Promise<number | null>((resolve) => {
        const timer = setTimeout(() => resolve(null), 5_000);
        waiting = (message) => {
          if (message.type === 'sos' && message.state === 'started' && message.sos.deviceUuid === uuid) {
            clearTimeout(timer);
            resolve(Date.now());
          }
        };
      });
      const start = Date.now();
      const at = start;
      client.publish(
        `dev/${uuid}/up/sos`,
        JSON.stringify({ v: 1, id, at, state: 'start', localTime: new Date(at).toISOString(), lat: 59.9, lng: 10.7 }),
        {
          qos: 1,
        },
      );
      const end = await arrived;
      if (end === null) lost++;
      else latencies.push(end - start);
      // Released, so the next press of this device starts a new S.O.S the way a driver's would.
      client.publish(`dev/${uuid}/up/sos`, JSON.stringify({ v: 1, id: `${id}-stop`, at: Date.now(), state: 'stop', startId: id }), {
        qos: 1,
      });
    }
    socket.close();

    const result = {
      presses: PRESSES,
      devices: DEVICES,
      received: latencies.length,
      lost,
      ...latencyPercentiles(latencies),
      maxMs: Math.max(0, ...latencies),
      targetP95Ms: 300,
    };
    printTable('S.O.S press to Focus Board message (device publish → console WebSocket), embedded broker, PGlite', [
      {
        presses: PRESSES,
        received: result.received,
        ...latencyColumns(result),
        'max ms': result.maxMs,
        'target p95 ms': 300,
      },
    ]);
    await saveResult('sos', result);
    return result;
  });
}
