/**
 * The README's screenshots of issue 29 (docs/screenshots/<screen>-<width>[-ru].png): the incident page, the device list
 * and the configuration editor, at 1440 and 390 px, in English and Russian, with the demo fleet. Not part of the test
 * run: run it after `npm run build` when those screens change, look at the pictures, and commit them.
 *
 *   npx tsx e2e/tools/docs-screenshots.ts
 *
 * A portal of its own with the demo fleet (`demo.ts`).
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { startDemo } from './demo.js';

const PASSWORD = 'DocsShots2026';
const OUT = path.resolve(import.meta.dirname, '../../docs/screenshots');
const widths = [1440, 390] as const;
const languages = ['en', 'ru'] as const;

const demo = await startDemo(PASSWORD);
const { portal, token } = demo;

async function api<T>(token: string, pathAndQuery: string): Promise<T> {
  const res = await fetch(`${portal.url}${pathAndQuery}`, { headers: { 'x-token': token } });
  return ((await res.json()) as { data: T }).data;
}

try {
  // The demo writes its past at the first start: wait for an incident whose video and picture are stored.
  let incidentId: number | undefined;
  for (let tries = 0; tries < 180 && incidentId === undefined; tries++) {
    const page = await api<{ records: { eventId: number; videos: number; pictures: number }[] }>(token, '/v2/event/list?page=1&limit=50');
    incidentId = page.records.find((record) => record.videos > 0 && record.pictures > 0)?.eventId;
    if (incidentId === undefined) await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  if (incidentId === undefined) throw new Error('no demo incident with a video and a picture');
  const devices = await api<{ records: { deviceId: number }[] }>(token, '/v1/device/list?page=1&limit=1');
  const deviceId = devices.records[0]?.deviceId;
  if (deviceId === undefined) throw new Error('no demo device');

  const screens: { name: string; path: string; ready: (page: Page) => Promise<unknown> }[] = [
    { name: 'incident', path: `/event/${incidentId}`, ready: (page) => page.getByTestId('evidence').waitFor() },
    { name: 'devices', path: '/devicepage/list', ready: (page) => page.locator('.ant-table-row').nth(5).waitFor() },
    { name: 'config', path: `/device/configSetting?deviceId=${deviceId}`, ready: (page) => page.getByTestId('config-interval').waitFor() },
  ];
  for (const language of languages)
    for (const width of widths) {
      const context = await demo.context(language, { width, height: width > 800 ? 900 : 844 });
      const page = await context.newPage();
      for (const screen of screens) {
        await page.goto(`${portal.url}${screen.path}`);
        await screen.ready(page);
        // Pictures load, charts draw, messages fade.
        await page.waitForTimeout(2000);
        const file = path.join(OUT, `${screen.name}-${width}${language === 'en' ? '' : `-${language}`}.png`);
        await writeFile(file, await page.screenshot({ animations: 'disabled', caret: 'hide' }));
        console.log(file);
      }
      await context.close();
    }
} finally {
  await demo.stop();
}
