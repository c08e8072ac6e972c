import {
  ALARM_BIT,
  type DriverCard,
  ID,
  location,
  REGISTRATION_RESULT,
  REPLY_RESULT,
  writeDriverCard,
} from '@safety-shield/contract/jt808';
import { Jt808Terminal, simRegistration } from '@safety-shield/device-sim';
import { bindWhenListed, companyWithVehicle, expectIncidentCount, jt808Port, READY_PASSWORD } from './console.js';
import { expect, expectNoSidewaysScroll, logIn, test } from './fixtures.js';

/** A terminal's clock at an instant, Beijing time (UTC+8) as JT/T 808 has it: YYMMDDhhmmss. */
const beijing = (at: number) => new Date(at + 8 * 3_600_000).toISOString().replace(/\D/g, '').slice(2, 14);

const cardOut = (time: string): DriverCard => ({
  state: 2,
  time,
  readResult: null,
  name: null,
  licence: null,
  authority: null,
  validUntil: null,
  idNumber: null,
});

test('a driver’s card in a JT/T 808 dashcam names the driver on the incidents filed while it is in, in the list and on the incident page', async ({
  page,
  portal,
}) => {
  test.setTimeout(120_000);
  const { api, admin, plate, vehicle } = await companyWithVehicle(portal, 'DRV');
  const number = `137${String(Date.now()).slice(-8)}`;
  const terminal = new Jt808Terminal({ host: '127.0.0.1', port: jt808Port(), terminal: number, version: 2013 });
  await terminal.connect();
  try {
    const { result, code } = await terminal.register(simRegistration(plate));
    expect(result).toBe(REGISTRATION_RESULT.ok);
    expect(await terminal.authenticate(code ?? '')).toBe(REPLY_RESULT.ok);
    await bindWhenListed(api, number, vehicle.id);

    // Whole seconds after the binding: the driver's card goes in, an over-speed alarm; the card comes out, a fatigue alarm.
    const start = Math.ceil(Date.now() / 1000) * 1000;
    const at = (seconds: number) => beijing(start + seconds * 1000);
    const card: DriverCard = {
      state: 1,
      time: at(1),
      readResult: 0,
      name: 'Anna Berg',
      licence: 'N-4471-22',
      authority: 'Oslo',
      validUntil: '20300630',
      idNumber: null,
    };
    expect((await terminal.generalRequest(ID.driverCard, writeDriverCard(card, false))).result).toBe(REPLY_RESULT.ok);
    const alarm = (time: string, bit: number) => location({ lat: 59.9127, lng: 10.7461, time, speed: 88, alarm: bit === 0 ? 0 : 1 << bit });
    expect((await terminal.location(alarm(at(2), ALARM_BIT.overSpeed))).result).toBe(0);
    expect((await terminal.location(alarm(at(3), 0))).result).toBe(0);
    expect((await terminal.generalRequest(ID.driverCard, writeDriverCard(cardOut(at(4)), false))).result).toBe(REPLY_RESULT.ok);
    expect((await terminal.location(alarm(at(5), ALARM_BIT.fatigue))).result).toBe(0);
    await expectIncidentCount(api, plate, 2);

    // The incident list names the driver of the over-speed, and none for the fatigue (at 1920 px the Driver column shows;
    // narrower, it moves into a row's details after the tag).
    await page.goto('/event/list');
    await logIn(page, admin.username, READY_PASSWORD);
    const list = page.getByTestId('event-list');
    const rows = list.locator('.ant-table-row');
    await expect(rows).toHaveCount(2);
    const driven = rows.filter({ hasText: 'Overspeed' });
    await expect(driven.getByTestId('incident-driver')).toHaveText('Anna BergN-4471-22');
    await expect(list.locator('th', { hasText: 'Driver' })).toBeVisible();
    await expect(rows.filter({ hasText: 'Fatigue' }).getByTestId('incident-driver')).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: 'e2e/artifacts/jt808-driver-list.png', animations: 'disabled' });

    // Its page shows the driver among the facts.
    await driven.getByRole('link', { name: 'Detail' }).click();
    await expect(page).toHaveURL(/\/event\/\d+$/);
    const facts = page.getByTestId('event-detail').getByTestId('event-facts');
    await expect(facts).toContainText('DriverAnna BergN-4471-22');
    await page.screenshot({ path: 'e2e/artifacts/jt808-driver-incident.png', fullPage: true, animations: 'disabled' });
  } finally {
    await terminal.close();
  }
});
