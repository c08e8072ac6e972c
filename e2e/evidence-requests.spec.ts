import { adminApi, agentWithCompany, provisioningKey, READY_PASSWORD, readyCompanyAdmin, simulatedDevice } from './console.js';
import { expect, logIn, test } from './fixtures.js';

test.use({ viewport: { width: 1400, height: 1000 } });

interface Detail {
  eventId: number;
  resources: { resourceId: number; kind: string; state: number }[];
}

test('the operator asks for the videos a device kept and watches them arrive without reloading', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  const portal = baseURL ?? '';
  const api = await adminApi(portal);
  const { company } = await agentWithCompany(api, 'Requests Co');
  const admin = await readyCompanyAdmin(portal, api, company.id, 'requests');
  const key = await provisioningKey(portal, admin.token);
  const uuid = `E2E-REQ-${Date.now().toString(36).toUpperCase()}`;
  // The device sends its pictures by itself and keeps its videos until the portal asks for them.
  const device = simulatedDevice(uuid, key, {
    uploadEvidence: true,
    autoUpload: 'pictures',
    upload: { urlTimeoutMs: 10_000, retryDelayMs: 200 },
  });
  try {
    expect(await device.start()).toBe(true);
    device.raiseIncident('collision');
    let eventId = 0;
    await expect(async () => {
      const list = await api<{ records: { eventId: number }[] }>('GET', `/v2/event/list?companyId=${company.id}`);
      eventId = list.records[0]?.eventId ?? 0;
      expect(eventId).toBeGreaterThan(0);
    }).toPass({ timeout: 30_000 });
    // The pictures go up by themselves; the videos stay on the device (state 0).
    await expect
      .poll(
        async () => (await api<Detail>('GET', `/v2/event/info?eventId=${eventId}`)).resources.map((r) => `${r.kind}:${r.state}`).sort(),
        {
          timeout: 60_000,
        },
      )
      .toEqual(['picture:6', 'picture:6', 'video:0', 'video:0']);

    await page.goto(`/event/${eventId}`);
    await logIn(page, admin.username, READY_PASSWORD);
    const panel = page.getByTestId('evidence-requests');
    await expect(panel).toContainText('No requests yet');
    await panel.getByRole('button', { name: 'Ask for videos' }).click();
    const task = panel.getByTestId('evidence-task');
    await expect(task).toHaveCount(1);
    await expect(task).toContainText('Videos');
    // The files move through the upload states live, up to stored, without a reload.
    await expect(task.getByTestId('request-resource')).toHaveCount(2);
    await expect(task).toHaveAttribute('data-task-state', 'done', { timeout: 60_000 });
    for (const state of await task.getByTestId('request-resource').all()) await expect(state).toHaveAttribute('data-state', /^[456]$/);
    await expect(task.getByTestId('request-resource-state').first()).toContainText(/Platform Receive Success|Device Reply/);
    // The evidence section shows the videos as stored (the detail was read again when they reached 4): both channels
    // hold one, and the player plays the first.
    await expect(page.locator('[data-testid="evidence-channel"][data-video]')).toHaveCount(2, { timeout: 30_000 });
    await expect(page.getByTestId('evidence-player').getByTestId('evidence-video')).toHaveCount(1);
    await page.screenshot({ path: 'e2e/artifacts/evidence-requests.png', fullPage: true, animations: 'disabled' });

    // Asking again asks for nothing: every video is stored.
    await panel.getByRole('button', { name: 'Ask for videos' }).click();
    await expect(page.getByText('Everything asked for is already stored.')).toBeVisible();
    await expect(task).toHaveCount(1);
  } finally {
    await device.stop();
  }
});
