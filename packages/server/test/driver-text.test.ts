import { deviceApi, driverTextApi } from '@safety-shield/contract';
import { Jt808Terminal, type SimDevice } from '@safety-shield/device-sim';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { device } from '../src/db/schema.js';
import type { Jt808Gateway } from '../src/jt808/index.js';
import { call, callUnchecked } from './api-client.js';
import { capturedLog, type SeededDevice, seededDevice, waitFor } from './gateway-fixtures.js';
import { registrationOf, testListener } from './jt808-fixtures.js';
import { type Portal, portalWithCompanies, simulator } from './portal-fixtures.js';

/** Issue 30: a text to the driver (docs/device-protocol.md, `driverText`; JT/T 808 0x8300), whatever the protocol. */

let portal: Portal;
let admin: string;
let other: string;
let mqtt: SeededDevice;
let offline: SeededDevice;
let sim: SimDevice;
let jt808: Jt808Gateway;
let terminal: Jt808Terminal;
let terminalId: number;

beforeAll(async () => {
  const world = await portalWithCompanies('Txt');
  ({ portal, admin, other } = world);
  mqtt = await seededDevice(portal.database.db, world.company, 'TXT-MQTT');
  offline = await seededDevice(portal.database.db, world.company, 'TXT-AWAY');
  sim = simulator(portal.brokerUrl, mqtt.uuid, mqtt.secret);
  expect(await sim.start()).toBe(true);
  // A JT/T 808 terminal of the same company, beside the MQTT gateway on the same device port.
  jt808 = await testListener(portal.database, capturedLog().log, { intake: portal.app.deviceIntake, devicePort: portal.devicePort });
  terminal = new Jt808Terminal({ host: '127.0.0.1', port: jt808.port, terminal: '013900000701', version: 2019, replyTimeoutMs: 5_000 });
  await terminal.connect();
  const { code } = await terminal.register(registrationOf('TXT 701', 2019));
  expect(await terminal.authenticate(code ?? '')).toBe(0);
  const [row] = await portal.database.db
    .update(device)
    .set({ belongAgentId: world.company.agentId, belongCompanyId: world.company.companyId })
    .where(eq(device.deviceUuid, '13900000701'))
    .returning({ id: device.id });
  terminalId = row?.id ?? 0;
  await waitFor(async () => (await call(portal, admin, deviceApi.info, { deviceId: mqtt.id })).data?.online);
}, 60_000);
afterAll(async () => {
  await sim?.stop();
  await terminal?.close();
  await jt808?.close();
  await portal?.close();
}, 60_000);

const send = (token: string, body: Record<string, unknown>) => callUnchecked(portal, token, driverTextApi.send, body);

describe('a text to the driver', () => {
  it('is shown on an MQTT device and on a JT/T 808 terminal (0x8300, read aloud when asked)', async () => {
    const shown = await call(portal, admin, driverTextApi.send, { deviceId: mqtt.id, text: '  Please call the office  ' });
    expect(shown).toMatchObject({ code: 200, data: { deviceId: mqtt.id } });
    expect(sim.driverTexts.map(({ text, readAloud }) => [text, readAloud])).toEqual([['Please call the office', false]]);

    const spoken = await call(portal, admin, driverTextApi.send, { deviceId: terminalId, text: 'Stop at the next depot', readAloud: true });
    expect(spoken.code).toBe(200);
    expect(terminal.texts).toEqual([{ text: 'Stop at the next depot', flags: 0x0c }]);
  });

  it('refuses another organisation’s device, an offline one, and malformed texts, sending nothing', async () => {
    expect(await send(other, { deviceId: mqtt.id, text: 'Hello' })).toMatchObject({ codeKey: 'PERMISSION_CHECK_FAIL' });
    expect(await send(admin, { deviceId: offline.id, text: 'Hello' })).toMatchObject({ codeKey: 'DEVICE_STATE_ERROR' });
    for (const text of ['', '   ', 'two\nlines', 'x'.repeat(201)])
      expect(await send(admin, { deviceId: mqtt.id, text })).toMatchObject({ codeKey: 'PARAM_CHECK_FAIL' });
    expect(await send(admin, { deviceId: mqtt.id, text: 'Hello', urgent: true })).toMatchObject({ codeKey: 'PARAM_CHECK_FAIL' });
    expect(sim.driverTexts).toHaveLength(1);
  });
});
