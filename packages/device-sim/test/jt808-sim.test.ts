import { createServer, type Server, type Socket } from 'node:net';
import {
  FrameSplitter,
  ID,
  type Location,
  type Packet,
  readAuthentication,
  readLocation,
  readPacket,
  writeFrames,
  writeGeneralReply,
  writeRegistrationReply,
} from '@safety-shield/contract/jt808';
import { afterEach, describe, expect, it } from 'vitest';
import { beijingTime, Jt808SimDevice, memoryCodeStore } from '../src/index.js';

/**
 * A unit test of the JT/T 808 dashcam alone: a small platform that answers as the standard says (the portal's own
 * gateway is in the server's jt808-sim.test.ts) and refuses the codes it is told to.
 */
function platform(refused: Set<string>) {
  const received: Packet[] = [];
  let issued = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    const splitter = new FrameSplitter(4096);
    let serial = 0;
    const send = (packet: Packet, id: number, body: Uint8Array) => {
      const { terminal, version } = packet.header;
      for (const frame of writeFrames({ id, terminal, serial: serial++, version, body })) socket.write(frame);
    };
    socket.on('data', (chunk) => {
      for (const sent of splitter.push(chunk)) {
        const packet = readPacket(sent);
        if (typeof packet === 'string') continue;
        received.push(packet);
        const { id, serial: theirs } = packet.header;
        if (id === ID.register) {
          issued += 1;
          send(packet, ID.registerReply, writeRegistrationReply({ serial: theirs, result: 0, code: `code-${issued}` }));
        } else if (id === ID.authenticate) {
          const { code } = readAuthentication(packet.body, packet.header.version === 2019);
          const result = refused.has(code) ? 1 : 0;
          send(packet, ID.platformReply, writeGeneralReply({ serial: theirs, id, result }));
          if (result !== 0) socket.end();
        } else {
          send(packet, ID.platformReply, writeGeneralReply({ serial: theirs, id, result: 0 }));
        }
      }
    });
  });
  return {
    received,
    listen: () =>
      new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port))),
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const locations = (received: Packet[]): Location[] => received.filter((p) => p.header.id === ID.location).map((p) => readLocation(p.body));
const until = async (check: () => boolean, ms = 5_000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const done of cleanup.splice(0)) await done();
});

async function started(options: { refused?: string[]; codes?: ReturnType<typeof memoryCodeStore>; gpsIntervalMs?: number } = {}) {
  const fake = platform(new Set(options.refused));
  const port = await fake.listen();
  const sim = new Jt808SimDevice({
    host: '127.0.0.1',
    port,
    terminal: '13900000042',
    codes: options.codes,
    gpsIntervalMs: options.gpsIntervalMs ?? 60_000,
    heartbeatMs: 150,
    reconnectDelayMs: { min: 20, max: 100 },
    replyTimeoutMs: 2_000,
  });
  cleanup.push(async () => {
    await sim.stop();
    await fake.close();
  });
  return { sim, fake };
}

describe('Jt808SimDevice', () => {
  it('tells Beijing time (UTC+8) as YYMMDDhhmmss', () => {
    expect(beijingTime(Date.UTC(2026, 11, 7, 10, 15, 0))).toBe('261207181500');
    expect(beijingTime(Date.UTC(2026, 11, 31, 16, 0, 1))).toBe('270101000001');
  });

  it('registers once, keeps its code, and heartbeats while it has nothing else to send', async () => {
    const codes = memoryCodeStore();
    const { sim, fake } = await started({ codes });
    expect(await sim.start()).toBe(true);
    expect(codes.get('13900000042')).toBe('code-1');
    await until(() => fake.received.filter((p) => p.header.id === ID.heartbeat).length >= 2);
    expect(fake.received.filter((p) => p.header.id === ID.register)).toHaveLength(1);
  });

  it('registers again when its code is refused', async () => {
    const codes = memoryCodeStore({ '13900000042': 'forgotten' });
    const { sim } = await started({ codes, refused: ['forgotten'] });
    await sim.start();
    await until(() => sim.connected);
    expect(codes.get('13900000042')).toBe('code-1');
    expect(sim.stats).toMatchObject({ registrations: 1, connects: 1 });
  });

  it('reports positions with mileage, signal and satellites, ADAS/DMS alarms with rising ids, and the emergency bit', async () => {
    const { sim, fake } = await started({ gpsIntervalMs: 50 });
    await sim.start();
    await until(() => locations(fake.received).length >= 3);
    const [first] = locations(fake.received);
    expect(first?.time).toMatch(/^\d{12}$/);
    expect(first?.mileage).toBeGreaterThan(0);
    expect(first?.signal).toEqual(expect.any(Number));
    expect(first?.satellites).toBeGreaterThanOrEqual(4);
    const a = sim.raiseSafetyAlarm(0x64, 0x02);
    const b = sim.raiseSafetyAlarm(0x65);
    expect(b).toBeGreaterThan(a);
    await until(() => locations(fake.received).flatMap((l) => l.safety).length >= 2);
    const safety = locations(fake.received).flatMap((l) => l.safety);
    expect(safety.map((s) => [s.item, s.alarmId])).toEqual([
      [0x64, a],
      [0x65, b],
    ]);
    expect(safety[0]?.type).toBe(0x02);
    expect(await sim.pressSos()).toBe(true);
    expect(locations(fake.received).at(-1)?.alarm).toBe(1);
    expect(await sim.releaseSos()).toBe(true);
    expect(locations(fake.received).at(-1)?.alarm).toBe(0);
  });
});
