import { SimDevice } from '@safety-shield/device-sim';
import { and, eq } from 'drizzle-orm';
import type { MqttClient } from 'mqtt';
import { afterAll, describe, expect, it } from 'vitest';
import { deviceBindLog, eventTag, incident, incidentHistory, incidentResource, vehicle } from '../src/db/schema.js';
import { ensureDefaultTags } from '../src/modules/incidents/default-tags.js';
import {
  busRecorder,
  type Company,
  connectDevice,
  gatewayOnTestDatabase,
  message,
  seedCompany,
  seedDevice,
  seedOrg,
  waitFor,
} from './gateway-fixtures.js';

const { database, bus, port, logLines, close } = await gatewayOnTestDatabase();
afterAll(close, 60_000);
/** The new incidents pushed to the consoles. */
const { incident: incidents } = busRecorder(bus, ['incident']);

const clients: MqttClient[] = [];
afterAll(async () => {
  await Promise.all(clients.map((client) => client.endAsync()));
});

/** A device of the company holding a secret, optionally bound to a vehicle since `boundAt`, and its connection. */
async function deviceOf(company: Company, uuid: string, bound?: { vehicleId: number; boundAt: Date }) {
  const { id, secret } = await seedDevice(database.db, company, uuid, { channels: 2, ...bound });
  const client = await connectDevice(port, uuid, secret);
  clients.push(client);
  const send = (buffer: Buffer) => client.publishAsync(`dev/${uuid}/up/incident`, buffer, { qos: 1 });
  return { id, client, send };
}

/** A fleet of the company with one vehicle in it. */
async function vehicleOf(company: Company, plate: string) {
  const fleetId = await seedOrg(database.db, {
    kind: 'fleet',
    name: `Fleet ${plate}`,
    parentId: company.companyId,
    belongAgentId: company.agentId,
    belongCompanyId: company.companyId,
  });
  const [car] = await database.db
    .insert(vehicle)
    .values({ licensePlate: plate, belongAgentId: company.agentId, belongCompanyId: company.companyId, belongFleetId: fleetId })
    .returning({ id: vehicle.id });
  if (!car) throw new Error('no vehicle');
  return { vehicleId: car.id, fleetId };
}

/** A company whose default `general` tag has these settings. */
async function companyWhoseGeneralTag(name: string, settings: Partial<typeof eventTag.$inferInsert>) {
  const company = await seedCompany(database.db, name);
  await ensureDefaultTags(database.db, company.companyId);
  await database.db
    .update(eventTag)
    .set(settings)
    .where(and(eq(eventTag.belongCompanyId, company.companyId), eq(eventTag.defaultKind, 'general')));
  return company;
}

const incidentsOf = (deviceId: number) => database.db.select().from(incident).where(eq(incident.deviceId, deviceId));
const resourcesOf = (incidentId: number) =>
  database.db.select().from(incidentResource).where(eq(incidentResource.incidentId, incidentId)).orderBy(incidentResource.id);
const tagsOf = (companyId: number) => database.db.select().from(eventTag).where(eq(eventTag.belongCompanyId, companyId));

function report(overrides: Record<string, unknown> = {}) {
  const triggerAt = Date.now() - 60_000;
  return {
    type: 'harshBraking',
    triggerAt,
    localTime: '2026-11-23 14:03:11',
    speed: 63.5,
    lat: 59.91,
    lng: 10.75,
    channel: 1,
    resources: [
      { id: 'ch1.jpg', kind: 'picture', channel: 1 },
      { id: 'ch1.mp4', kind: 'video', channel: 1, start: triggerAt - 10_000, end: triggerAt + 10_000 },
    ],
    ...overrides,
  };
}

describe('device gateway: incidents', () => {
  it('files a bound device’s incident under its vehicle, with the default tag of its type, its evidence and history', async () => {
    const company = await seedCompany(database.db, 'Incidents');
    const { vehicleId, fleetId } = await vehicleOf(company, 'INC 1001');
    const dvr = await deviceOf(company, 'INC-1', { vehicleId, boundAt: new Date(Date.now() - 3_600_000) });
    const body = report({ type: 'collision', description: 'rear-ended at the lights' });
    const sent = message(body);
    await dvr.send(sent);

    // Straight after the PUBACK: the incident is stored.
    const [stored, ...more] = await incidentsOf(dvr.id);
    expect(more).toHaveLength(0);
    const tags = await tagsOf(company.companyId);
    expect(tags.map((tag) => tag.defaultKind).sort()).toEqual(['emergency', 'general', 'interactive']);
    const emergency = tags.find((tag) => tag.defaultKind === 'emergency');
    expect(stored).toMatchObject({
      messageId: JSON.parse(sent.toString()).id,
      deviceUuid: 'INC-1',
      vehicleId,
      licensePlate: 'INC 1001',
      type: 'collision',
      description: 'rear-ended at the lights',
      tagId: emergency?.id,
      speed: 63.5,
      localTime: '2026-11-23 14:03:11',
      lat: 59.91,
      lng: 10.75,
      channel: 1,
      reviewState: 'unread',
      belongAgentId: company.agentId,
      belongCompanyId: company.companyId,
      belongFleetId: fleetId,
    });
    expect(stored?.triggerAt.getTime()).toBe(body.triggerAt);
    const resources = await resourcesOf(stored?.id ?? 0);
    expect(resources.map((r) => [r.deviceResourceId, r.kind, r.channel, r.state])).toEqual([
      ['ch1.jpg', 'picture', 1, 0],
      ['ch1.mp4', 'video', 1, 0],
    ]);
    expect(resources[1]?.startAt?.getTime()).toBe(body.triggerAt - 10_000);
    expect(resources[1]?.endAt?.getTime()).toBe(body.triggerAt + 10_000);
    const history = await database.db
      .select()
      .from(incidentHistory)
      .where(eq(incidentHistory.incidentId, stored?.id ?? 0));
    expect(history).toEqual([expect.objectContaining({ action: 'arrived', username: null, detail: { type: 'collision', speed: 63.5 } })]);
    expect(incidents).toContainEqual({
      incidentId: stored?.id,
      agentId: company.agentId,
      companyId: company.companyId,
      fleetId,
      vehicleId,
      type: 'collision',
      triggerAt: body.triggerAt,
    });

    // The same message again (its PUBACK was lost): acknowledged, stored once, pushed once.
    const pushes = incidents.length;
    await dvr.send(sent);
    expect(await incidentsOf(dvr.id)).toHaveLength(1);
    expect(await resourcesOf(stored?.id ?? 0)).toHaveLength(2);
    expect(
      await database.db
        .select()
        .from(incidentHistory)
        .where(eq(incidentHistory.incidentId, stored?.id ?? 0)),
    ).toHaveLength(1);
    expect(incidents).toHaveLength(pushes);
  });

  it('acknowledges and drops an incident whose tag does not receive incidents', async () => {
    const company = await companyWhoseGeneralTag('Refusing', { receiveIncident: false });
    const dvr = await deviceOf(company, 'INC-2');
    await dvr.send(message(report({ type: 'overSpeed' })));
    expect(await incidentsOf(dvr.id)).toHaveLength(0);
    expect(logLines).toContainEqual(expect.objectContaining({ device: 'INC-2', reason: 'tag refuses incidents' }));
    // Another tag still receives: the device's queue goes on.
    await dvr.send(message(report({ type: 'panicButton' })));
    expect((await incidentsOf(dvr.id)).map((row) => row.type)).toEqual(['panicButton']);
  });

  it('records the videos too when the tag does not receive videos (they stay on the device until asked for)', async () => {
    const company = await companyWhoseGeneralTag('NoVideo', { receiveVideo: false });
    const dvr = await deviceOf(company, 'INC-3');
    await dvr.send(message(report({ type: 'sharpTurn' })));
    const [stored] = await incidentsOf(dvr.id);
    expect((await resourcesOf(stored?.id ?? 0)).map((r) => [r.kind, r.state])).toEqual([
      ['picture', 0],
      ['video', 0],
    ]);
  });

  it('files an unbound device’s incident under its company, without a vehicle', async () => {
    const company = await seedCompany(database.db, 'Unbound');
    const dvr = await deviceOf(company, 'INC-4');
    await dvr.send(message(report({ lat: undefined, lng: undefined, localTime: undefined })));
    const [stored] = await incidentsOf(dvr.id);
    const general = (await tagsOf(company.companyId)).find((tag) => tag.defaultKind === 'general');
    expect(stored).toMatchObject({
      vehicleId: null,
      licensePlate: null,
      tagId: general?.id,
      lat: null,
      lng: null,
      localTime: null,
      belongAgentId: company.agentId,
      belongCompanyId: company.companyId,
      belongFleetId: null,
    });
    expect(incidents).toContainEqual(expect.objectContaining({ incidentId: stored?.id, vehicleId: null, fleetId: null }));
  });

  it('files an incident reported after a rebinding under the vehicle bound when it happened', async () => {
    const company = await seedCompany(database.db, 'Rebound');
    const before = await vehicleOf(company, 'INC 2001');
    const now = await vehicleOf(company, 'INC 2002');
    const dvr = await deviceOf(company, 'INC-5', { vehicleId: now.vehicleId, boundAt: new Date(Date.now() - 600_000) });
    await database.db.insert(deviceBindLog).values({
      deviceId: dvr.id,
      deviceUuid: 'INC-5',
      vehicleId: before.vehicleId,
      licensePlate: 'INC 2001',
      action: 'bind',
      username: 'admin',
      at: new Date(Date.now() - 7_200_000),
    });
    await dvr.send(message(report({ triggerAt: Date.now() - 3_600_000, resources: [] })));
    await dvr.send(message(report({ triggerAt: Date.now() - 60_000, resources: [] })));
    const stored = (await incidentsOf(dvr.id)).sort((a, b) => a.triggerAt.getTime() - b.triggerAt.getTime());
    expect(stored.map((row) => [row.vehicleId, row.licensePlate, row.belongFleetId])).toEqual([
      [before.vehicleId, 'INC 2001', before.fleetId],
      [now.vehicleId, 'INC 2002', now.fleetId],
    ]);
  });

  it('acknowledges and drops a malformed incident, logging the device', async () => {
    const company = await seedCompany(database.db, 'Malformed');
    const dvr = await deviceOf(company, 'INC-BAD');
    const bad = [
      Buffer.from('{not json'),
      message(report({ type: 'alienAbduction' })),
      message(report({ channel: 17 })),
      message(report({ speed: -1 })),
      message(report({ triggerAt: undefined })),
      message(report({ description: 'x'.repeat(201) })),
      message(report({ resources: Array.from({ length: 17 }, (_, i) => ({ id: `p${i}.jpg`, kind: 'picture', channel: 1 })) })),
      message(
        report({
          resources: [
            { id: 'a.jpg', kind: 'picture', channel: 1 },
            { id: 'a.jpg', kind: 'picture', channel: 2 },
          ],
        }),
      ),
      message(report({ resources: [{ id: 'a.wav', kind: 'audio', channel: 1 }] })),
    ];
    for (const buffer of bad) await dvr.send(buffer);
    expect(await incidentsOf(dvr.id)).toHaveLength(0);
    const warnings = logLines.filter((line) => line.device === 'INC-BAD' && line.msg === 'device message dropped');
    expect(warnings).toHaveLength(bad.length);
    // The queue is not blocked: a good incident after them is stored (10-digit times are seconds).
    await dvr.send(message(report({ triggerAt: Math.floor(Date.now() / 1000) - 30, resources: [] })));
    expect(await incidentsOf(dvr.id)).toHaveLength(1);
  });
});

describe('the reference simulator’s incidents against the gateway', () => {
  it('stores an incident raised by the simulator, with a picture and a video per channel', { timeout: 30_000 }, async () => {
    const company = await seedCompany(database.db, 'SimIncidents');
    const sim = new SimDevice({
      uuid: 'SIM-INC-1',
      brokerUrl: `mqtt://127.0.0.1:${port}`,
      provisioningKey: company.key,
      channels: 2,
      gpsIntervalMs: 200,
      reconnectDelayMs: { min: 100, max: 200 },
    });
    // Raised before the connection: kept and sent once the device is announced.
    const id = sim.raiseIncident('overSpeed', { description: 'raised by the test' });
    expect(await sim.start()).toBe(true);
    const stored = await waitFor(
      async () =>
        (
          await database.db
            .select()
            .from(incident)
            .where(and(eq(incident.deviceUuid, 'SIM-INC-1'), eq(incident.messageId, id)))
        )[0],
      10_000,
    );
    expect(stored).toMatchObject({
      type: 'overSpeed',
      description: 'raised by the test',
      vehicleId: null,
      belongCompanyId: company.companyId,
    });
    expect(stored.channel).toBeGreaterThanOrEqual(1);
    expect(stored.channel).toBeLessThanOrEqual(2);
    const resources = await resourcesOf(stored.id);
    expect(resources.map((r) => [r.kind, r.channel]).sort()).toEqual([
      ['picture', 1],
      ['picture', 2],
      ['video', 1],
      ['video', 2],
    ]);
    const video = resources.find((r) => r.kind === 'video');
    expect((video?.endAt?.getTime() ?? 0) - (video?.startAt?.getTime() ?? 0)).toBe(20_000);
    await waitFor(() => sim.stats.incidentsAcked === 1);
    await sim.stop();
  });
});
