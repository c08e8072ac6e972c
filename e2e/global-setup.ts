import type { FullConfig } from '@playwright/test';
import { startMailbox } from './mail.js';
import { startPortal } from './portal.js';
import { publishPortals } from './portals.js';

export const E2E_ADMIN_PASSWORD = 'E2eAdmin2026';

/**
 * One portal per worker (each with its own MQTT broker) and one real SMTP server they all send to; URLs reach the
 * tests through the environment.
 */
export default async function globalSetup(config: FullConfig) {
  const mailbox = await startMailbox();
  const start = () =>
    startPortal({
      ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
      CAPTCHA_COMPLEXITY: '2000',
      // The browser tests log in from one address far more often than a person would.
      RATE_LIMIT_LOGIN_PER_MINUTE: '0',
      SMTP_URL: mailbox.url,
      // No tile server is reachable from the test machine: maps draw without tiles.
      MAP_TILE_URL: '',
    });
  const portals = await Promise.all(Array.from({ length: config.workers }, start));
  publishPortals(portals.map(({ url, mqttUrl, jt808Port }) => ({ url, mqttUrl, jt808Port })));
  process.env.E2E_MAIL_DIR = mailbox.dir;
  return async () => {
    await Promise.all(portals.map((portal) => portal.stop()));
    await mailbox.close();
  };
}
