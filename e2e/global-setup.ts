import { startPortal } from './portal.js';

export const E2E_ADMIN_PASSWORD = 'E2eAdmin2026';

/** One portal for the whole run; its URL reaches the tests through the environment. */
export default async function globalSetup() {
  const portal = await startPortal({
    ADMIN_PASSWORD: E2E_ADMIN_PASSWORD,
    CAPTCHA_COMPLEXITY: '2000',
    // The browser tests log in from one address far more often than a person would.
    RATE_LIMIT_LOGIN_PER_MINUTE: '0',
  });
  process.env.E2E_BASE_URL = portal.url;
  return () => portal.stop();
}
