/**
 * What the screenshot tools share: a portal of their own with the demo fleet (DEMO=1) on a fresh data directory and
 * free ports, Debian's Chromium, and a browser context signed in as the demo's Super Admin in a chosen language.
 */
import { type Browser, type BrowserContext, chromium } from '@playwright/test';
import { apiLogin } from '../api.js';
import { type Portal, startPortal } from '../portal.js';

export interface Demo {
  portal: Portal;
  browser: Browser;
  /** The Super Admin's session token. */
  token: string;
  /** A context signed in as the Super Admin, the console in `language`. */
  context(language: string, viewport: { width: number; height: number }): Promise<BrowserContext>;
  stop(): Promise<void>;
}

export async function startDemo(password: string): Promise<Demo> {
  const portal = await startPortal({
    DEMO: '1',
    ADMIN_PASSWORD: password,
    CAPTCHA_COMPLEXITY: '1000',
    MAP_TILE_URL: '',
    LOG_LEVEL: 'error',
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
  });
  const token = await apiLogin(portal.url, 'admin', password);
  return {
    portal,
    browser,
    token,
    async context(language, viewport) {
      const context = await browser.newContext({
        viewport,
        deviceScaleFactor: 1,
        locale: language,
        timezoneId: 'Europe/Oslo',
        reducedMotion: 'reduce',
      });
      await context.addCookies([{ name: 'language', value: language, url: portal.url }]);
      // The session token where the console keeps it.
      await context.addInitScript((value) => {
        sessionStorage.setItem('safety-shield-token', value);
        localStorage.setItem('safety-shield-latest-token', value);
      }, token);
      return context;
    },
    async stop() {
      await browser.close();
      await portal.stop();
    },
  };
}
