import { deviceApi, deviceConfigApi } from '@safety-shield/contract';
import {
  ALARM_BIT,
  location,
  PARAMETER,
  REGISTRATION_RESULT,
  REPLY_RESULT,
  readResendRequest,
  writeFrames,
} from '@safety-shield/contract/jt808';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { device, deviceAlert, gpsPoint, incident, jt808Terminal, sos } from '../src/db/schema.js';
import type { Jt808Gateway, RegistrationPolicy } from '../src/jt808/index.js';
import { call } from './api-client.js';
import { connectDevice, seedCompany } from './gateway-fixtures.js';
import { firstPage } from './helpers.js';
import { signedIn } from './identity-fixtures.js';
import { jt808Node, registrationOf } from './jt808-fixtures.js';

/** Issue 30: a JT/T 808 terminal registers, authenticates and reports; the portal files it as any device. */
const { database, log, lines, app, devicePort, ctx, admin, tree, gatewayOn, terminalOn, bindToNewVehicle } = await jt808Node('Jt808');
const gatewayWith = (policy: RegistrationPolicy): Promise<Jt808Gateway> =>
  gatewayOn({ policy, limits: { reassembly: { maxMessages: 2, maxPackages: 16, timeoutMs: 300 } } });
const gateway = await gatewayWith('open');

const registration = registrationOf;

const terminal = (number: string, version: 2013 | 2019 = 2013, port = gateway.port) => terminalOn(port, number, version);

/** A terminal registered and authenticated: its device row id. */
async function online(number: string, version: 2013 | 2019 = 2013) {
  const t = await terminal(number, version);
  const { result, code } = await t.register(registration(`JT ${number.slice(-4)}`, version));
  expect(result).toBe(REGISTRATION_RESULT.ok);
  expect(await t.authenticate(code ?? '')).toBe(REPLY_RESULT.ok);
  const [row] = await database.db
    .select()
    .from(device)
    .where(eq(device.deviceUuid, number.replace(/^0+/, '')));
  if (!row) throw new Error('no device');
  return { t, row, code: code ?? '' };
}

const boundTo = bindToNewVehicle;

/** 2026-12-07 18:15:00 Beijing time (the standard's clock) is 10:15:00 UTC. */
const BEIJING = '261207181500';
const AT = Date.UTC(2026, 11, 7, 10, 15, 0);

describe('JT/T 808 gateway: registration and authentication', () => {
  it('registers a new terminal as an unmatched device of no company, which only the Super Admin sees, and brings it online', async () => {
    const { row } = await online('013800000001');
    expect(row).toMatchObject({ deviceUuid: '13800000001', protocol: 'jt808', model: 'DC-808', online: true, belongCompanyId: null });
    const [identity] = await database.db.select().from(jt808Terminal).where(eq(jt808Terminal.deviceId, row.id));
    expect(identity).toMatchObject({ terminalNo: '13800000001', edition: 2013, maker: 'SIMCO', plate: 'JT 0001', address: '127.0.0.1' });
    // The code is stored hashed only.
    expect(identity?.codeHash).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const unmatched = await call(ctx, admin, deviceApi.list, { ...firstPage, matched: false, keyword: '13800000001' });
    expect(unmatched.data.records.map((r) => r.deviceId)).toEqual([row.id]);
    const company = (await signedIn(ctx, 'jt808_company', 'COMPANY_ADMIN', tree)).token;
    const theirs = await call(ctx, company, deviceApi.list, { ...firstPage, matched: false, keyword: '13800000001' });
    expect(theirs.data.records).toEqual([]);
  });

  it('refuses a wrong code and closes the connection; a new registration voids the old code', async () => {
    const { code } = await online('13800000002');
    const stranger = await terminal('13800000002');
    expect(await stranger.authenticate('not-the-code')).toBe(REPLY_RESULT.failed);
    await stranger.closed;
    const again = await terminal('13800000002');
    const second = await again.register(registration('JT 0002'));
    expect(second.code).not.toBe(code);
    const old = await terminal('13800000002');
    expect(await old.authenticate(code)).toBe(REPLY_RESULT.failed);
    expect(await again.authenticate(second.code ?? '')).toBe(REPLY_RESULT.ok);
  });

  it('speaks the 2019 edition: long header, 20-digit terminal number, wider registration fields', async () => {
    const { t, row } = await online('00000000013800000003', 2019);
    expect(row).toMatchObject({ deviceUuid: '13800000003', online: true });
    expect((await t.heartbeat()).result).toBe(REPLY_RESULT.ok);
    const [identity] = await database.db.select().from(jt808Terminal).where(eq(jt808Terminal.deviceId, row.id));
    expect(identity?.edition).toBe(2019);
  });

  it('answers nothing but registration and authentication before the terminal authenticated', async () => {
    const t = await terminal('13800000004');
    expect((await t.location(location({ lat: 22.5, lng: 113.9, time: BEIJING }))).result).toBe(REPLY_RESULT.failed);
    expect(await database.db.select().from(device).where(eq(device.deviceUuid, '13800000004'))).toEqual([]);
  });

  it('keeps the device online when a newer connection takes over, and offline when the last one ends', async () => {
    const { t, row, code } = await online('13800000005');
    const newer = await terminal('13800000005');
    expect(await newer.authenticate(code)).toBe(REPLY_RESULT.ok);
    await t.closed;
    const [still] = await database.db.select({ online: device.online }).from(device).where(eq(device.id, row.id));
    expect(still?.online).toBe(true);
    await newer.close();
    await expect
      .poll(async () => (await database.db.select({ online: device.online }).from(device).where(eq(device.id, row.id)))[0]?.online)
      .toBe(false);
  });

  it('refuses a terminal not listed in advance under the listed policy, with "no such terminal"', async () => {
    const listed = await gatewayWith('listed');
    try {
      const t = await terminal('13800000006', 2013, listed.port);
      expect((await t.register(registration('JT 0006'))).result).toBe(REGISTRATION_RESULT.noSuchTerminal);
      expect(await database.db.select().from(device).where(eq(device.deviceUuid, '13800000006'))).toEqual([]);
    } finally {
      await listed.close();
    }
  });

  it('never lets a JT/T 808 device connect over MQTT, even with its company’s provisioning key', async () => {
    const { row } = await online('13800000007');
    const company = await seedCompany(database.db, 'Jt808 mqtt');
    await database.db
      .update(device)
      .set({ belongAgentId: company.agentId, belongCompanyId: company.companyId })
      .where(eq(device.id, row.id));
    const { startGateway } = await import('../src/gateway/index.js');
    const mqtt = await startGateway({ db: database.db, log, intake: app.deviceIntake, devicePort, mqttPort: 0 });
    try {
      await expect(connectDevice(mqtt.port ?? 0, '13800000007', company.key)).rejects.toMatchObject({ code: 4 });
    } finally {
      await mqtt.close();
    }
  });

  it('refuses a terminal whose company is forbidden: its code opens nothing and it cannot register again', async () => {
    const { row, code } = await online('13800000008');
    const banned = await seedCompany(database.db, 'Jt808 banned', { forbidden: true });
    await database.db.update(device).set({ belongAgentId: banned.agentId, belongCompanyId: banned.companyId }).where(eq(device.id, row.id));
    expect(await (await terminal('13800000008')).authenticate(code)).toBe(REPLY_RESULT.failed);
    expect((await (await terminal('13800000008')).register(registration('JT 0008'))).result).toBe(REGISTRATION_RESULT.noSuchTerminal);
  });
});

describe('JT/T 808 gateway: reports', () => {
  it('writes positions at the right instant (Beijing time) and the backlog of a batch to the trail of the bound vehicle', async () => {
    const { t, row } = await online('13800000010');
    const vehicleId = await boundTo(row.id, 'JT 10');
    const [bound] = await database.db.select().from(device).where(eq(device.id, row.id));
    expect(bound).toMatchObject({ vehicleId, belongAgentId: tree.agent, belongCompanyId: tree.company, belongFleetId: tree.fleet });
    expect((await t.location(location({ lat: 59.9127, lng: 10.7461, time: BEIJING, speed: 42.5, heading: 90, signal: 20 }))).result).toBe(
      0,
    );
    const backlog = ['261207180000', '261207180010'].map((time, i) => location({ lat: 59.91 + i * 0.001, lng: 10.74, time }));
    expect((await t.batch(backlog)).result).toBe(0);
    const points = await database.db.select().from(gpsPoint).where(eq(gpsPoint.deviceId, row.id)).orderBy(gpsPoint.at);
    expect(points.map((p) => p.at.getTime())).toEqual([AT - 15 * 60_000, AT - 15 * 60_000 + 10_000, AT]);
    expect(points[2]).toMatchObject({ vehicleId, lat: 59.9127, lng: 10.7461, speed: 42.5, heading: 90, dbm: -73 });
  });

  it('files an incident when an alarm bit turns on, once; an emergency alarm opens and ends an S.O.S', async () => {
    const { t, row } = await online('13800000011');
    await boundTo(row.id, 'JT 11');
    const speeding = (time: string, alarm: number) => location({ lat: 59.92, lng: 10.75, time, speed: 97, alarm });
    await t.location(speeding('261207181500', 1 << ALARM_BIT.overSpeed));
    await t.location(speeding('261207181505', 1 << ALARM_BIT.overSpeed));
    await t.location(speeding('261207181510', (1 << ALARM_BIT.overSpeed) | (1 << ALARM_BIT.emergency)));
    const filed = await database.db.select().from(incident).where(eq(incident.deviceId, row.id));
    expect(filed.map((i) => [i.type, i.triggerAt.getTime()]).sort()).toEqual([
      ['overSpeed', AT],
      ['panicButton', AT + 10_000],
    ]);
    const [open] = await database.db.select().from(sos).where(eq(sos.deviceId, row.id));
    expect(open).toMatchObject({ state: 'active', startLocalTime: '2026-12-07 18:15:10' });
    await t.location(speeding('261207181520', 0));
    const [ended] = await database.db.select().from(sos).where(eq(sos.deviceId, row.id));
    expect(ended).toMatchObject({ state: 'stopped', stopAt: new Date(AT + 20_000) });
  });

  it('files an ADAS, DMS or BSD alarm as the incident of its type, once for its start and end', async () => {
    const { t, row } = await online('13800000012');
    await boundTo(row.id, 'JT 12');
    const mark = { terminalId: 'T000001', time: BEIJING, serial: 1, attachments: 0 };
    const alarm = (flag: number) =>
      location({
        lat: 59.93,
        lng: 10.76,
        time: BEIJING,
        safety: [
          { item: 0x64, alarmId: 41, flag, type: 0x02, level: 1, speed: 70, lat: 59.93, lng: 10.76, time: BEIJING, mark },
          { item: 0x65, alarmId: 42, flag, type: 0x02, level: 2, speed: 70, lat: 59.93, lng: 10.76, time: BEIJING, mark },
          { item: 0x67, alarmId: 43, flag, type: 0x02, level: 0, speed: 70, lat: 59.93, lng: 10.76, time: BEIJING, mark },
        ],
      });
    await t.location(alarm(1));
    await t.location(alarm(1));
    await t.location(alarm(2));
    const filed = await database.db.select().from(incident).where(eq(incident.deviceId, row.id));
    expect(filed.map((i) => i.type).sort()).toEqual(['blindSpot', 'laneDeparture', 'phoneUse']);
    expect(filed.find((i) => i.type === 'blindSpot')?.description).toBe('Left rear approach');
    expect(filed.every((i) => i.triggerAt.getTime() === AT)).toBe(true);
  });
});

describe('JT/T 808 gateway: running status', () => {
  it('raises the faults its alarm bits and JT/T 1078 items report, once, and clears them when they are gone', async () => {
    const { t, row } = await online('13800000013');
    await boundTo(row.id, 'JT 13');
    const faulty = (time: string) =>
      location({
        lat: 59.94,
        lng: 10.77,
        time,
        alarm: (1 << ALARM_BIT.antennaCut) | (1 << ALARM_BIT.lowVoltage),
        videoLoss: 0b10,
        storageFaults: 1,
      });
    await t.location(faulty('261207181500'));
    await t.location(faulty('261207181505'));
    const alerts = () => database.db.select().from(deviceAlert).where(eq(deviceAlert.deviceId, row.id));
    expect((await alerts()).map((a) => `${a.code}:${a.channel}`).sort()).toEqual([
      'cameraLost:2',
      'gpsLost:0',
      'lowVoltage:0',
      'storageError:0',
    ]);
    await t.location(location({ lat: 59.94, lng: 10.77, time: '261207181510' }));
    const after = await alerts();
    expect(after).toHaveLength(4);
    expect(after.every((a) => a.clearedAt?.getTime() === AT + 10_000)).toBe(true);
  });
});

describe('JT/T 808 gateway: commands', () => {
  it('sends a configuration as terminal parameters (0x8103), applies it on the terminal’s answer and reads it back (0x8104); refuses what has no parameter', async () => {
    const { t, row } = await online('13800000030');
    await boundTo(row.id, 'JT 30');
    const save = (settings: Record<string, unknown>) => call(ctx, admin, deviceConfigApi.save, { deviceId: row.id, settings });
    expect(
      await save({ uploadIntervalSeconds: 15, apn: { name: 'telenor.smart', user: 'fleet', password: 'Sup3r-secret' } }),
    ).toMatchObject({
      code: 200,
    });
    const sent = await call(ctx, admin, deviceConfigApi.dispatch, { deviceId: row.id });
    expect(sent.data).toMatchObject({ status: 'applied', reason: null });
    expect(Object.fromEntries(t.parameters)).toEqual({
      [PARAMETER.reportSeconds]: 15,
      [PARAMETER.apn]: 'telenor.smart',
      [PARAMETER.apnUser]: 'fleet',
      [PARAMETER.apnPassword]: 'Sup3r-secret',
    });
    // Read back (0x8104 → 0x0104): what its parameters say, under the version it last acknowledged; no password.
    const read = await call(ctx, admin, deviceConfigApi.synch, { deviceId: row.id });
    expect(read.data).toMatchObject({
      version: sent.data.version,
      settings: { uploadIntervalSeconds: 15, apn: { name: 'telenor.smart', user: 'fleet' } },
    });
    expect(JSON.stringify(read.data)).not.toContain('Sup3r-secret');
    // Settings a terminal has no parameter for are not sent; a configuration of nothing else is refused, saying why.
    await expect(devicePort.send(row.deviceUuid, 'config', { version: 9, settings: { gpsBatch: 10 } })).rejects.toMatchObject({
      ack: { ok: false, error: 'nothing in this configuration has a JT/T 808 parameter' },
    });
  });

  it('refuses a command the protocol has no message for, naming why, and one for a terminal that is away as unanswered', async () => {
    const { t, row } = await online('13800000031');
    await expect(devicePort.send(row.deviceUuid, 'lock', { locked: true })).rejects.toMatchObject({
      ack: { ok: false, error: 'not supported by the device protocol' },
    });
    await t.close();
    await expect(devicePort.send(row.deviceUuid, 'config', { version: 1, settings: { uploadIntervalSeconds: 5 } })).rejects.toMatchObject({
      ack: undefined,
    });
  });
});

describe('JT/T 808 gateway: hostile input', () => {
  it('survives garbage, mangled frames, unknown messages and lost sub-packages, and still answers', async () => {
    const { t, row } = await online('13800000020');
    const before = gateway.drops.total;
    t.sendRaw(Buffer.from('GET / HTTP/1.1\r\n\r\n'));
    t.sendRaw(Uint8Array.from([0x7e, 0x7d, 0x05, 0x7e]));
    t.sendRaw(Uint8Array.from([0x7e, 0x02, 0x00, 0x00, 0x7e]));
    t.sendRaw(new Uint8Array(10_000).fill(0x41));
    t.sendRaw(Uint8Array.from([0x7e]));
    // A message the portal does not speak is answered "not supported"; a short location body "malformed".
    expect((await t.generalRequest(0x0900, Uint8Array.from([1, 2, 3]))).result).toBe(REPLY_RESULT.unsupported);
    expect((await t.generalRequest(0x0200, Uint8Array.from([0, 0, 0]))).result).toBe(REPLY_RESULT.malformed);
    // The first sub-package of a long message, and never the rest: the gateway asks for them once, then gives up.
    const asked = t.received.length;
    const [first] = writeFrames({ id: 0x0900, terminal: '13800000020', serial: 500, version: 2013, body: new Uint8Array(3000).fill(7) });
    t.sendRaw(first as Uint8Array);
    await expect.poll(() => t.received.slice(asked).find((p) => p.header.id === 0x8003), { timeout: 3_000 }).toBeDefined();
    const request = t.received.slice(asked).find((p) => p.header.id === 0x8003);
    expect(readResendRequest(request?.body ?? new Uint8Array(), false)).toEqual({ serial: 500, indexes: [2, 3] });
    expect((await t.heartbeat()).result).toBe(REPLY_RESULT.ok);
    expect(gateway.drops.total).toBeGreaterThan(before);
    const [still] = await database.db.select({ online: device.online }).from(device).where(eq(device.id, row.id));
    expect(still?.online).toBe(true);
    expect(lines.some((line) => Number(line.level) >= 50 && String(line.msg).includes('jt808'))).toBe(false);
  });

  it('writes nothing for mangled frames of any kind, whatever their number', async () => {
    const devicesBefore = (await database.db.select({ id: device.id }).from(device)).length;
    const t = await terminal('13800000021');
    let seed = 30;
    const next = (n: number) => {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      return seed % n;
    };
    for (let i = 0; i < 2_000; i += 1) t.sendRaw(Uint8Array.from({ length: 1 + next(80) }, () => (next(6) === 0 ? 0x7e : next(256))));
    expect((await t.heartbeat()).result).toBe(REPLY_RESULT.failed);
    expect((await database.db.select({ id: device.id }).from(device)).length).toBe(devicesBefore);
    expect(
      await database.db
        .select()
        .from(device)
        .where(and(eq(device.protocol, 'jt808'), eq(device.deviceUuid, '13800000021'))),
    ).toEqual([]);
  });
});
