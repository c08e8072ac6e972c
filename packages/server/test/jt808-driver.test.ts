import { eventApi } from '@safety-shield/contract';
import {
  ALARM_BIT,
  type DriverCard,
  ID,
  location,
  REGISTRATION_RESULT,
  REPLY_RESULT,
  writeDriverCard,
} from '@safety-shield/contract/jt808';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { device, driverShift, incident } from '../src/db/schema.js';
import { call } from './api-client.js';
import { firstPage } from './helpers.js';
import { seedTree, signedIn } from './identity-fixtures.js';
import { jt808Node, registrationOf } from './jt808-fixtures.js';

/** Issue 30: a driver's card (0x0702) in a JT/T 808 terminal; the incidents filed while it is in carry the driver. */
const { database, app, ctx, admin, tree, gatewayOn, terminalOn, bindToNewVehicle } = await jt808Node('Driver');
const other = await seedTree(ctx, admin, 'Driver other');
const companyAdmin = (await signedIn(ctx, 'driver.company', 'COMPANY_ADMIN', tree)).token;
const otherAdmin = (await signedIn(ctx, 'driver.other', 'COMPANY_ADMIN', other)).token;

const gateway = await gatewayOn();

/** A terminal registered, authenticated and bound by the Super Admin to a new vehicle of the tree's fleet. */
async function boundTerminal(number: string, plate: string, version: 2013 | 2019 = 2013) {
  const t = await terminalOn(gateway.port, number, version);
  const { result, code } = await t.register(registrationOf(plate, version));
  expect(result).toBe(REGISTRATION_RESULT.ok);
  expect(await t.authenticate(code ?? '')).toBe(REPLY_RESULT.ok);
  const [row] = await database.db.select().from(device).where(eq(device.deviceUuid, number));
  if (!row) throw new Error('no device');
  const vehicleId = await bindToNewVehicle(row.id, plate);
  // The reports' times: whole seconds after the binding, so the shifts and incidents fall in it.
  const start = Math.ceil(Date.now() / 1000) * 1000;
  return { t, deviceId: row.id, vehicleId, version, at: (seconds: number) => start + seconds * 1000 };
}

type Terminal = Awaited<ReturnType<typeof boundTerminal>>;

const card = (state: number, time: string, more: Partial<DriverCard> = {}): DriverCard => ({
  state,
  time,
  readResult: state === 1 ? 0 : null,
  name: null,
  licence: null,
  authority: null,
  validUntil: null,
  idNumber: null,
  ...more,
});

const ANNA = { name: 'Anna Berg', licence: '110101199001011234', authority: 'Oslo Transport', validUntil: '20300630' };

async function sendCard({ t, version }: Terminal, driverCard: DriverCard) {
  return (await t.generalRequest(ID.driverCard, writeDriverCard(driverCard, version === 2019))).result;
}

/** An over-speed alarm turning on at `time` (Beijing), and off again, so the next one files too. */
async function speeding({ t, deviceId }: Terminal, time: string) {
  expect((await t.location(location({ lat: 59.92, lng: 10.75, time, speed: 97, alarm: 1 << ALARM_BIT.overSpeed }))).result).toBe(0);
  expect((await t.location(location({ lat: 59.92, lng: 10.75, time, speed: 50, alarm: 0 }))).result).toBe(0);
  const [filed] = await database.db
    .select()
    .from(incident)
    .where(and(eq(incident.deviceId, deviceId), eq(incident.messageId, `alarm${ALARM_BIT.overSpeed}@${time}`)));
  if (!filed) throw new Error(`no incident at ${time}`);
  return filed.id;
}

const shiftsOf = (deviceId: number) =>
  database.db.select().from(driverShift).where(eq(driverShift.deviceId, deviceId)).orderBy(asc(driverShift.cardInAt));

/** A terminal's BCD clock (Beijing time, UTC+8) at an instant. */
const beijingBcd = (at: number) => new Date(at + 8 * 3_600_000).toISOString().replace(/\D/g, '').slice(2, 14);

describe('JT/T 808 driver identification (0x0702)', () => {
  it('attaches the driver whose card is in to the incidents filed meanwhile, and no driver once it is out', async () => {
    const terminal = await boundTerminal('13900000001', 'DRV 1');
    const clock = (seconds: number) => beijingBcd(terminal.at(seconds));
    const before = await speeding(terminal, clock(1));
    expect(await sendCard(terminal, card(1, clock(2), ANNA))).toBe(REPLY_RESULT.ok);
    // The same report again (the terminal missed the answer): stored once.
    expect(await sendCard(terminal, card(1, clock(2), ANNA))).toBe(REPLY_RESULT.ok);
    const during = await speeding(terminal, clock(3));
    expect(await sendCard(terminal, card(2, clock(4)))).toBe(REPLY_RESULT.ok);
    expect(await sendCard(terminal, card(2, clock(4)))).toBe(REPLY_RESULT.ok);
    const after = await speeding(terminal, clock(5));

    expect(await shiftsOf(terminal.deviceId)).toEqual([
      expect.objectContaining({
        vehicleId: terminal.vehicleId,
        licensePlate: 'DRV 1',
        driverName: 'Anna Berg',
        licence: '110101199001011234',
        authority: 'Oslo Transport',
        validUntil: '2030-06-30',
        idNumber: null,
        cardInAt: new Date(terminal.at(2)),
        cardOutAt: new Date(terminal.at(4)),
        belongCompanyId: tree.company,
      }),
    ]);

    const detail = async (eventId: number) => (await call(ctx, companyAdmin, eventApi.info, { eventId })).data;
    expect(await detail(during)).toMatchObject({ driverName: 'Anna Berg', driverLicence: '110101199001011234' });
    for (const eventId of [before, after]) expect(await detail(eventId)).toMatchObject({ driverName: null, driverLicence: null });

    const list = await call(ctx, companyAdmin, eventApi.list, { ...firstPage, licensePlate: 'DRV 1' });
    const drivers = new Map(list.data.records.map((r) => [r.eventId, [r.driverName, r.driverLicence]]));
    expect(drivers).toEqual(
      new Map([
        [before, [null, null]],
        [during, ['Anna Berg', '110101199001011234']],
        [after, [null, null]],
      ]),
    );

    // The export has the driver's columns, headed in the reader's language.
    const { default: ExcelJS } = await import('exceljs');
    const { res } = await call(ctx, companyAdmin, eventApi.export, { licensePlate: 'DRV 1' }, { headers: { 'accept-language': 'de' } });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const [name, licence] = [header.indexOf('Fahrer'), header.indexOf('Führerscheinnummer')];
    expect(name).toBeGreaterThan(0);
    const rows = (sheet.getSheetValues().slice(2) as unknown[][]).map((row) => row.slice(1));
    const exported = new Map(rows.map((row) => [row[0], [row[name] ?? null, row[licence] ?? null]]));
    expect(exported.get(during)).toEqual(['Anna Berg', '110101199001011234']);
    expect(exported.get(before)).toEqual([null, null]);

    // Another organisation's account sees neither the incident nor its driver.
    expect(await call(ctx, otherAdmin, eventApi.info, { eventId: during })).toMatchObject({
      status: 403,
      codeKey: 'PERMISSION_CHECK_FAIL',
    });
    const theirs = await call(ctx, otherAdmin, eventApi.list, { ...firstPage, licensePlate: 'DRV 1' });
    expect(theirs.data.records).toEqual([]);
  });

  it('ends a shift whose card-out never came at the next card-in, and reads a 2019 card’s identity number', async () => {
    const terminal = await boundTerminal('13900000002', 'DRV 2', 2019);
    const clock = (seconds: number) => beijingBcd(terminal.at(seconds));
    expect(await sendCard(terminal, card(1, clock(2), ANNA))).toBe(REPLY_RESULT.ok);
    const bo = { name: 'Bo Lind', licence: 'B-2', authority: 'Bergen', validUntil: '20291231', idNumber: 'ID-778' };
    expect(await sendCard(terminal, card(1, clock(3), bo))).toBe(REPLY_RESULT.ok);
    expect(
      await speeding(terminal, clock(6)).then(async (eventId) => (await call(ctx, companyAdmin, eventApi.info, { eventId })).data),
    ).toMatchObject({
      driverName: 'Bo Lind',
      driverLicence: 'B-2',
    });
    expect(
      (await shiftsOf(terminal.deviceId)).map((s) => [s.driverName, s.idNumber, s.cardInAt.getTime(), s.cardOutAt?.getTime() ?? null]),
    ).toEqual([
      ['Anna Berg', null, terminal.at(2), terminal.at(3)],
      ['Bo Lind', 'ID-778', terminal.at(3), null],
    ]);
  });

  it('files no driver for a card it could not read, answers a report without a date "malformed", and stays up', async () => {
    const terminal = await boundTerminal('13900000003', 'DRV 3');
    const clock = (seconds: number) => beijingBcd(terminal.at(seconds));
    const drops = gateway.drops.total;
    expect(await sendCard(terminal, card(1, clock(2), { readResult: 2 }))).toBe(REPLY_RESULT.ok);
    expect(await sendCard(terminal, card(1, clock(2), { name: '', licence: '' }))).toBe(REPLY_RESULT.ok);
    expect(await sendCard(terminal, card(1, '000000000000', ANNA))).toBe(REPLY_RESULT.malformed);
    expect(await sendCard(terminal, card(7, clock(2)))).toBe(REPLY_RESULT.malformed);
    expect((await terminal.t.generalRequest(ID.driverCard, Uint8Array.from([1, 0x26]))).result).toBe(REPLY_RESULT.malformed);
    // A card-out with no card in changes nothing.
    expect(await sendCard(terminal, card(2, clock(2)))).toBe(REPLY_RESULT.ok);
    expect(await shiftsOf(terminal.deviceId)).toEqual([]);
    expect(gateway.drops.total).toBeGreaterThanOrEqual(drops + 5);
    expect((await terminal.t.heartbeat()).result).toBe(REPLY_RESULT.ok);
  });
});

describe('the device port’s driver report', () => {
  it('fits a card reported late between the shifts stored, and files a late incident under the driver of its moment', async () => {
    const terminal = await boundTerminal('13900000004', 'DRV 4');
    const uuid = '13900000004';
    const intake = app.deviceIntake;
    const cardIn = (seconds: number, name: string) =>
      intake.driver(
        uuid,
        { id: `in-${seconds}`, at: terminal.at(seconds) },
        {
          state: 'in',
          time: terminal.at(seconds),
          name,
          licence: `L-${name}`,
          authority: null,
          validUntil: null,
          idNumber: null,
        },
      );
    await cardIn(10, 'Cara');
    await intake.driver(uuid, { id: 'out-20', at: terminal.at(20) }, { state: 'out', time: terminal.at(20) });
    // Reported after Cara's, though it went in before: it ends where hers begins.
    await cardIn(5, 'Dag');
    expect((await shiftsOf(terminal.deviceId)).map((s) => [s.driverName, s.cardInAt.getTime(), s.cardOutAt?.getTime() ?? null])).toEqual([
      ['Dag', terminal.at(5), terminal.at(10)],
      ['Cara', terminal.at(10), terminal.at(20)],
    ]);
    const report = { type: 'harshBraking' as const, localTime: null, speed: 30, lat: null, lng: null, channel: 1, description: null };
    for (const [id, seconds] of [
      ['late-7', 7],
      ['late-15', 15],
      ['late-25', 25],
    ] as const)
      await intake.incident(uuid, { id, at: terminal.at(seconds) }, { ...report, triggerAt: terminal.at(seconds), resources: [] });
    const filed = await database.db
      .select({ messageId: incident.messageId, driverName: incident.driverName })
      .from(incident)
      .where(eq(incident.deviceId, terminal.deviceId))
      .orderBy(asc(incident.triggerAt));
    expect(filed).toEqual([
      { messageId: 'late-7', driverName: 'Dag' },
      { messageId: 'late-15', driverName: 'Cara' },
      { messageId: 'late-25', driverName: null },
    ]);
  });
});
