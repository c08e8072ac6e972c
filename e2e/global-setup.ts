import { startMailbox } from './mail.js';
import { startPortal } from './portal.js';

export const E2E_ADMIN_PASSWORD = 'E2eAdmin2026';

/** One portal for the whole run (with its own MQTT broker and a real SMTP server); URLs reach the tests through the environment. */
export default async function globalSetup() {
  const mailbox = await startMailbox();
  const portal = await startPortal({
    ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
    CAPTCHA_COMPLEXITY: '2000',
    // The browser tests log in from one address far more often than a person would.
    RATE_LIMIT_LOGIN_PER_MINUTE: '0',
    SMTP_URL: mailbox.url,
    // No tile server is reachable from the test machine: maps draw without tiles.
    MAP_TILE_URL: '',
  });
  process.env.E2E_BASE_URL = portal.url;
  process.env.E2E_MQTT_URL = portal.mqttUrl;
  process.env.E2E_MAIL_DIR = mailbox.dir;
  return async () => {
    await portal.stop();
    await mailbox.close();
  };
}
