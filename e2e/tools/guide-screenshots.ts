/**
 * The user guide's screenshots (issue 29): a few key screens of the console with the demo fleet, in each of the seven
 * languages, saved as compressed JPEGs under packages/server/assets/guide/<language>/ where the guide PDF embeds them
 * (`packages/server/src/modules/dashboard/user-guide.ts`, `guidePictures`). Not part of the test run: run it after
 * `npm run build` when the screens change, look at the pictures, and commit them.
 *
 *   npx tsx e2e/tools/guide-screenshots.ts            # every language
 *   npx tsx e2e/tools/guide-screenshots.ts ru de      # some
 *
 * A portal of its own with the demo fleet (`demo.ts`).
 */
import { mkdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { type Language, languages } from '@safety-shield/contract';
import { startDemo } from './demo.js';

const PASSWORD = 'GuideShots2026';
const OUT = path.resolve(import.meta.dirname, '../../packages/server/assets/guide');
/** A laptop's window: readable when the PDF prints it 190 mm wide, small as a JPEG. */
const VIEWPORT = { width: 1200, height: 720 };
const QUALITY = 38;

/** The screens, named as `guidePictures`: where each is, and what shows once it has loaded. */
const screens: { name: string; path: string; ready: (page: Page) => Promise<unknown> }[] = [
  { name: 'dashboard', path: '/dashboard', ready: (page) => page.locator('.ant-card svg').first().waitFor() },
  { name: 'incidents', path: '/event/list', ready: (page) => page.locator('.ant-table-row').nth(5).waitFor() },
  { name: 'devices', path: '/devicepage/list', ready: (page) => page.locator('.ant-table-row').nth(5).waitFor() },
  { name: 'statistics', path: '/statistics/list?range=last14Days', ready: (page) => page.locator('.ant-card svg').nth(1).waitFor() },
];

const wanted = (process.argv.slice(2).filter((arg) => (languages as readonly string[]).includes(arg)) as Language[]).concat();
const chosen: readonly Language[] = wanted.length > 0 ? wanted : languages;

const demo = await startDemo(PASSWORD);
const { portal, token } = demo;
try {
  // The demo writes its past (90 days of trips and incidents) at the first start; the lists fill once it is there.
  for (let tries = 0; tries < 120; tries++) {
    const res = await fetch(`${portal.url}/v2/event/list?page=1&limit=1`, { headers: { 'x-token': token } });
    const body = (await res.json()) as { data?: { total?: number } };
    if ((body.data?.total ?? 0) > 20) break;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  for (const language of chosen) {
    const context = await demo.context(language, VIEWPORT);
    const page = await context.newPage();
    await mkdir(path.join(OUT, language), { recursive: true });
    for (const screen of screens) {
      await page.goto(`${portal.url}${screen.path}`);
      await screen.ready(page);
      // Charts draw, pictures load, messages fade.
      await page.waitForTimeout(1500);
      const file = path.join(OUT, language, `${screen.name}.jpg`);
      await writeFile(file, await page.screenshot({ type: 'jpeg', quality: QUALITY, animations: 'disabled', caret: 'hide' }));
      console.log(`${file}: ${Math.round((await stat(file)).size / 1024)} KB`);
    }
    await context.close();
  }
} finally {
  await demo.stop();
}
