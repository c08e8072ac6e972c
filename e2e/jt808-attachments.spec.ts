import { Jt808SimDevice, memoryCodeStore } from '@safety-shield/device-sim';
import { bindWhenListed, companyWithVehicle, expectIncidentCount, jt808Port, READY_PASSWORD } from './console.js';
import { expect, logIn, test } from './fixtures.js';

test.use({ viewport: { width: 1440, height: 900 } });

test('a JT/T 808 dashcam’s ADAS alarm reaches the incident page with its picture and a playable clip, sent as active-safety attachments', async ({
  page,
  portal,
}) => {
  test.setTimeout(120_000);
  const { api, admin, plate, vehicle } = await companyWithVehicle(portal, 'ATT');
  const number = `136${String(Date.now()).slice(-8)}`;
  const dashcam = new Jt808SimDevice({
    host: '127.0.0.1',
    port: jt808Port(),
    terminal: number,
    version: 2019,
    plate,
    codes: memoryCodeStore(),
    gpsIntervalMs: 1_000,
    replyTimeoutMs: 5_000,
  });
  try {
    expect(await dashcam.start()).toBe(true);
    await bindWhenListed(api, number, vehicle.id);
    // The terminal's clock has whole seconds: the alarm is raised in a second that starts after the binding.
    await new Promise((resolve) => setTimeout(resolve, 2_000 - (Date.now() % 1_000)));
    const uploaded = new Promise<{ stored: number }>((resolve) => dashcam.once('attachments', (_number, outcome) => resolve(outcome)));
    // Forward collision warning: the portal asks for its files (0x9208), the dashcam sends a picture and a clip.
    dashcam.raiseSafetyAlarm(0x64, 0x01);
    expect((await uploaded).stored).toBe(2);
    await expectIncidentCount(api, plate, 1);

    await page.goto('/event/list');
    await logIn(page, admin.username, READY_PASSWORD);
    const incident = page.getByTestId('event-list').locator('.ant-table-row').filter({ hasText: 'Forward collision' });
    await incident.getByRole('link', { name: 'Detail' }).click();
    await expect(page).toHaveURL(/\/event\/\d+$/);

    const evidence = page.getByTestId('evidence');
    const picture = evidence.getByTestId('evidence-picture').locator('img');
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    const video = evidence.getByTestId('evidence-player').getByTestId('evidence-video');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
    expect(await video.evaluate((v: HTMLVideoElement) => v.duration)).toBeGreaterThan(5);
    // Its fingerprints are the files' as stored.
    await evidence.getByTestId('evidence-details').click();
    await expect(evidence.getByTestId('evidence-sha')).toHaveCount(2);
    await page.screenshot({ path: 'e2e/artifacts/jt808-attachments.png', fullPage: true, animations: 'disabled' });
  } finally {
    await dashcam.stop();
  }
});
