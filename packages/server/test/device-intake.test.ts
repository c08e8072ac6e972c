import { count, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { device, gpsPoint, incident, incidentResource } from '../src/db/schema.js';
import type { IncidentReport } from '../src/device-port/index.js';
import { nodeParts, track } from './gateway-fixtures.js';
import { testDatabase } from './helpers.js';
import { signedIn } from './identity-fixtures.js';
import { consoleSocket, seedSosFleet } from './sos-fixtures.js';

/**
 * The device intake driven in-process, as a protocol adapter drives it (docs/architecture.md, "The device port"): no
 * broker and no MQTT message, yet what a device reports becomes its rows and the consoles' push.
 */

const database = await testDatabase();
const { app, devicePort } = await nodeParts(database);
await app.listen({ port: 0, host: '127.0.0.1' });
const close = async () => {
  app.server.closeAllConnections();
  await app.close();
  await database.close();
};
afterAll(close, 60_000);
const baseUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const fleet = await seedSosFleet(database.db, 'Intake');
const { token } = await signedIn({ app, database, close }, 'intake.company', 'COMPANY_ADMIN', fleet.tree);
const intake = app.deviceIntake;

const deviceRow = async () => (await database.db.select().from(device).where(eq(device.id, fleet.deviceId)))[0];
const incidentsOf = () => database.db.select().from(incident).where(eq(incident.deviceId, fleet.deviceId));

describe('the device intake, driven in-process', () => {
  it('files a bound device’s hello, positions and incident, and pushes each to the consoles watching', async () => {
    const consoleTab = await consoleSocket(baseUrl, token);
    consoleTab.socket.send(JSON.stringify({ type: 'incidents', on: true }));
    consoleTab.socket.send(JSON.stringify({ type: 'watch', vehicleIds: [fleet.vehicleId] }));
    expect(await consoleTab.next('watching')).toMatchObject({ vehicleIds: [fleet.vehicleId] });

    const hello = { version: '9.1.0', iccid: null, channels: 2, name: null, model: 'DC-2' };
    expect(await intake.hello(fleet.uuid, hello)).toEqual({ deviceId: fleet.deviceId, hasSecret: true });
    expect(await deviceRow()).toMatchObject({ version: '9.1.0', channels: 2, model: 'DC-2', online: true });
    expect(await consoleTab.next('presence')).toMatchObject({ vehicleId: fleet.vehicleId, deviceId: fleet.deviceId, online: true });
    expect(await intake.hello('NOT-A-DEVICE', hello)).toBeUndefined();

    const t0 = Date.now() - 60_000;
    await intake.positions(fleet.uuid, track(t0, 5));
    const [points] = await database.db.select({ n: count() }).from(gpsPoint).where(eq(gpsPoint.deviceId, fleet.deviceId));
    expect(points?.n).toBe(5);
    expect((await deviceRow())?.positionAt?.getTime()).toBe(t0 + 4_000);
    expect(await consoleTab.next('position')).toMatchObject({
      vehicleId: fleet.vehicleId,
      deviceId: fleet.deviceId,
      position: { time: t0 + 4_000 },
    });

    const report: IncidentReport = {
      type: 'collision',
      triggerAt: t0,
      localTime: null,
      speed: 42,
      lat: 59.91,
      lng: 10.75,
      channel: 1,
      description: null,
      resources: [{ id: 'ch1.jpg', kind: 'picture', channel: 1, start: null, end: null }],
    };
    const reported = { id: 'intake-1', at: Date.now() };
    await intake.incident(fleet.uuid, reported, report);
    const [stored, ...more] = await incidentsOf();
    expect(more).toEqual([]);
    expect(stored).toMatchObject({ messageId: 'intake-1', vehicleId: fleet.vehicleId, type: 'collision', belongFleetId: fleet.tree.fleet });
    const resources = await database.db
      .select()
      .from(incidentResource)
      .where(eq(incidentResource.incidentId, stored?.id ?? 0));
    expect(resources.map((r) => [r.deviceResourceId, r.kind, r.state])).toEqual([['ch1.jpg', 'picture', 0]]);
    expect(await consoleTab.next('incident')).toMatchObject({ eventId: stored?.id, incidentType: 'collision', vehicleId: fleet.vehicleId });

    // The same report again (an adapter whose acknowledgement was lost): stored once, pushed once. The socket keeps
    // the server's order, so the offline push that follows shows nothing came before it.
    await intake.incident(fleet.uuid, reported, report);
    expect(await incidentsOf()).toHaveLength(1);
    await intake.offline(fleet.uuid);
    expect(await consoleTab.next('presence')).toMatchObject({ deviceId: fleet.deviceId, online: false });
    expect(consoleTab.received.filter((m) => m.type === 'incident')).toEqual([]);
    expect((await deviceRow())?.online).toBe(false);
    consoleTab.close();
  });

  it('fails a command to a device no adapter serves as one the device never answered', async () => {
    expect(devicePort.reaches(fleet.uuid)).toBe(false);
    await expect(devicePort.send(fleet.uuid, 'configGet', {})).rejects.toMatchObject({ name: 'CommandError', ack: undefined });
  });
});
