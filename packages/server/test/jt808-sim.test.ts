import { Jt808SimDevice, memoryCodeStore } from '@safety-shield/device-sim';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { device, gpsPoint, incident, jt808Terminal, sos } from '../src/db/schema.js';
import { waitFor } from './gateway-fixtures.js';
import { jt808Node } from './jt808-fixtures.js';

/** Issue 30: the simulator's JT/T 808 dashcam against the portal's gateway, as the demo fleet runs it. */
const { database, gatewayOn, closeAtEnd, bindToNewVehicle } = await jt808Node('Jt808Sim');
let gateway = await gatewayOn();

const TERMINAL = '013900000101';
const codes = memoryCodeStore();

function dashcam(): Jt808SimDevice {
  const sim = new Jt808SimDevice({
    host: '127.0.0.1',
    port: gateway.port,
    terminal: TERMINAL,
    version: 2019,
    plate: 'SIM 101',
    codes,
    gpsIntervalMs: 250,
    reconnectDelayMs: { min: 100, max: 400 },
    replyTimeoutMs: 3_000,
  });
  closeAtEnd(() => sim.stop());
  return sim;
}

const row = async () => (await database.db.select().from(device).where(eq(device.deviceUuid, '13900000101')))[0];

describe('the simulator’s JT/T 808 dashcam', () => {
  it('registers, reports its drive to its vehicle’s trail, files alarms and S.O.S, and loses no position over a dropped connection', {
    timeout: 40_000,
  }, async () => {
    const sim = dashcam();
    // Every position it takes, at the protocol's whole seconds.
    const taken = new Set<number>();
    sim.on('position', (at) => taken.add(at));
    expect(await sim.start()).toBe(true);
    expect(codes.get(TERMINAL)).toBeTruthy();
    const registered = await waitFor(async () => ((await row())?.online ? await row() : undefined));
    expect(registered).toMatchObject({ protocol: 'jt808', belongCompanyId: null });
    const [identity] = await database.db.select().from(jt808Terminal).where(eq(jt808Terminal.deviceId, registered.id));
    expect(identity).toMatchObject({ terminalNo: '13900000101', edition: 2019, plate: 'SIM 101', model: 'SS-808' });

    // The Super Admin binds it to a vehicle: its positions go to that vehicle's trail from then on.
    const vehicleId = await bindToNewVehicle(registered.id, 'SIM 101');
    const boundAt = Date.now();
    const trail = () => database.db.select().from(gpsPoint).where(eq(gpsPoint.deviceId, registered.id));
    const onVehicle = async () => (await trail()).filter((p) => p.vehicleId === vehicleId && p.at.getTime() > boundAt + 1_000);
    await waitFor(async () => (await onVehicle()).length >= 3);

    // An ADAS alarm files its incident, at the alarm's instant.
    const raisedAt = Date.now();
    sim.raiseSafetyAlarm(0x64, 0x01);
    const filed = await waitFor(async () => {
      const [found] = await database.db
        .select()
        .from(incident)
        .where(and(eq(incident.deviceId, registered.id), eq(incident.type, 'forwardCollision')));
      return found;
    });
    expect(filed).toMatchObject({ vehicleId, description: 'Forward collision warning' });
    expect(Math.abs(filed.triggerAt.getTime() - raisedAt)).toBeLessThan(2_000);

    // The emergency button opens an S.O.S; releasing it stops it.
    expect(await sim.pressSos()).toBe(true);
    const open = await waitFor(async () => (await database.db.select().from(sos).where(eq(sos.deviceId, registered.id)))[0]);
    expect(open.state).toBe('active');
    expect(await sim.releaseSos()).toBe(true);
    await waitFor(async () => (await database.db.select().from(sos).where(eq(sos.deviceId, registered.id)))[0]?.state === 'stopped');

    // The gateway goes away: the dashcam keeps its positions. Meanwhile its code is voided, so it registers again.
    const port = gateway.port;
    await gateway.close();
    await waitFor(() => !sim.connected);
    await waitFor(() => sim.stats.backlog >= 6);
    await database.db.update(jt808Terminal).set({ codeHash: null }).where(eq(jt808Terminal.deviceId, registered.id));
    gateway = await gatewayOn({ port });
    await waitFor(() => sim.connected && sim.stats.backlog === 0, 15_000);
    expect(sim.stats).toMatchObject({ registrations: 2, connects: 2 });
    expect((await row())?.online).toBe(true);

    // Stopped, it has sent every position it took: each is on the trail, at its instant, on the vehicle after binding.
    await sim.stop();
    const points = await trail();
    const onTrail = new Map(points.map((p) => [p.at.getTime(), p.vehicleId]));
    expect([...taken].filter((at) => !onTrail.has(at))).toEqual([]);
    expect(onTrail.size).toBe(taken.size);
    const afterBinding = [...taken].filter((at) => at > boundAt + 1_000);
    expect(afterBinding.length).toBeGreaterThan(2);
    for (const at of afterBinding) expect(onTrail.get(at)).toBe(vehicleId);
    expect(sim.stats.positionsAcked).toBe(sim.stats.positions);
  });
});
