import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiLogin } from './api.js';
import { expect, test } from './fixtures.js';
import { startPortal } from './portal.js';

test('a restart after Ctrl-C keeps the data: the session still opens selfInfo', async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'safety-shield-restart-'));
  try {
    const first = await startPortal({ ADMIN_PASSWORD: 'Restart2026ok', CAPTCHA_COMPLEXITY: '1000' }, dataDir);
    const token = await apiLogin(first.url, 'admin', 'Restart2026ok');
    first.process.kill('SIGINT');
    const code = await new Promise((resolve) => first.process.once('exit', resolve));
    expect(code).toBe(0);

    // ADMIN_PASSWORD is not given again: the existing admin is kept, not re-created.
    const second = await startPortal({ CAPTCHA_COMPLEXITY: '1000' }, dataDir);
    try {
      const res = await fetch(`${second.url}/v1/account/selfInfo`, { headers: { 'x-token': token } });
      const body = await res.json();
      expect(body.code).toBe(200);
      expect(body.data.baseInfo.username).toBe('admin');
      await expect(apiLogin(second.url, 'admin', 'Restart2026ok')).resolves.toBeTruthy();
    } finally {
      await second.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
});

test('serves the API documentation at /docs', async ({ page }) => {
  await page.goto('/docs');
  await expect(page.getByText('Safety Shield API')).toBeVisible();
  await expect(page.getByText('/v1/account/login').first()).toBeVisible();
});
