import type { Browser, Page } from '@playwright/test';
import { apiLogin } from './api.js';
import { KNOWN_OPEN, seriousAxeFindings } from './axe.js';
import { expectIncidentCount } from './console.js';
import { watchViolations } from './csp-watch.js';
import { collisionWithEvidence } from './evidence-fixture.js';
import { expect, openSignedIn, SHELL_SETTINGS, test } from './fixtures.js';
import { E2E_ADMIN_PASSWORD } from './global-setup.js';
import { type PathParams, pagesOf, type TestPage } from './routes.js';

/** axe on a hand-picked walk (`LAYOUT_WIDTHS=…`); the standard walks always run it. */
const AXE = Boolean(process.env.LAYOUT_AXE);

/** How one walk looks at the pages. */
interface Walk {
  width: number;
  language: string;
  appearance: 'light' | 'dark';
  /**
   * axe-core on the pages of these positions (0 serious or critical findings; it costs about 2 s a page): `all`, or
   * every other page (`even`, `odd`), so that two walks share the pages between them.
   */
  axe: 'all' | 'even' | 'odd' | 'none';
}

const axeOn = (axe: Walk['axe'], index: number) => axe === 'all' || (axe === 'even' ? index % 2 === 0 : axe === 'odd' && index % 2 === 1);

/**
 * Issue 16: a phone and a desktop, English, German (long words) and Russian, light and dark, axe on every page once. `LAYOUT_WIDTHS=768,1920 LAYOUT_LANGUAGES=nb LAYOUT_APPEARANCE=dark LAYOUT_AXE=1` walks others by hand.
 */
const walks: Walk[] = process.env.LAYOUT_WIDTHS
  ? process.env.LAYOUT_WIDTHS.split(',').flatMap((width) =>
      (process.env.LAYOUT_LANGUAGES ?? 'en').split(',').map((language) => ({
        width: Number(width),
        language,
        appearance: process.env.LAYOUT_APPEARANCE === 'dark' ? 'dark' : 'light',
        axe: AXE ? 'all' : 'none',
      })),
    )
  : [
      // Every walk seeds its own filled fleet, so axe sees the lists with data whatever else the suite left there.
      // axe (about 2 s a page) runs on two walks that share the pages: each page once, in the light theme at 390 px or
      // the dark one at 1440 px (the components recur across pages, so both themes meet each of them); every walk
      // checks sideways scroll, errors and CSP. Axe on every page of both walks took four minutes of a CI run's
      // Playwright time, and an English walk at 1440 px one more, which the Russian walk there covers with longer words.
      { width: 390, language: 'en', appearance: 'light', axe: 'even' },
      { width: 390, language: 'de', appearance: 'dark', axe: 'none' },
      { width: 1440, language: 'de', appearance: 'dark', axe: 'odd' },
      // Issue 29: Russian, whose words and units share no letter with English's, shows what was left untranslated.
      { width: 1440, language: 'ru', appearance: 'light', axe: 'none' },
    ];

/** The console's frame around every page. */
const SHELL = ['.shell-sider', '.shell-top'];

const publicPages = pagesOf('public', 'SUPER_ADMIN');

/**
 * The walks see filled lists whatever else ran before them: a company of this worker's portal whose device filed an
 * incident of each tag colour, with uploaded evidence (its detail page is the one walked). Made once per portal.
 */
const filledFleets = new Map<string, Promise<PathParams>>();
function filledFleet(portal: string): Promise<PathParams> {
  let made = filledFleets.get(portal);
  if (!made) {
    made = (async () => {
      const { api, plate, device, detail } = await collisionWithEvidence(portal, 'LAY', (found) => {
        expect(found.resources.length).toBeGreaterThan(0);
        expect(found.resources.every((resource) => resource.state >= 4)).toBe(true);
      });
      try {
        for (const type of ['fatigue', 'distraction', 'harshBraking'] as const) device.raiseIncident(type);
        await expectIncidentCount(api, plate, 4);
      } finally {
        await device.stop();
      }
      const [listed] = (await api<{ records: { deviceId: number }[] }>('GET', `/v1/device/list?licensePlate=${encodeURIComponent(plate)}`))
        .records;
      return { eventId: String(detail.eventId), licensePlate: plate, deviceId: String(listed?.deviceId ?? '') };
    })();
    filledFleets.set(portal, made);
  }
  return made;
}

/** The document and the body are no wider than the window: nothing scrolls sideways. */
const overflowOf = (page: Page) =>
  page.evaluate(() => ({
    document: document.documentElement.scrollWidth - window.innerWidth,
    body: document.body.scrollWidth - window.innerWidth,
  }));

/** The innermost elements reaching past the window's right edge, as short selectors: where a sideways scroll comes from. */
const widest = (page: Page) =>
  page.evaluate(() => {
    const past = [...document.body.querySelectorAll<HTMLElement>('*')].filter(
      (el) => el.getBoundingClientRect().right > window.innerWidth + 0.5,
    );
    const innermost = past.filter((el) => !past.some((other) => other !== el && el.contains(other)));
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${[...el.classList]
        .slice(0, 2)
        .map((c) => `.${c}`)
        .join('')}`;
    return innermost
      .slice(0, 3)
      .map((el) => `${el.parentElement ? `${name(el.parentElement)} > ` : ''}${name(el)} "${(el.textContent ?? '').trim().slice(0, 30)}"`);
  });

/** Waits until the page has drawn: its spinners gone (live pages keep a socket open: no network idle to wait for). */
async function settle(page: Page) {
  await page
    .locator('.ant-spin-spinning:visible, .ant-skeleton-active:visible')
    .first()
    .waitFor({ state: 'detached', timeout: 3_000 })
    .catch(() => undefined);
  await page.waitForTimeout(100);
}

/**
 * Opens a console page the way a link does, without loading the console again (a full load per page would take the
 * run past its time): the router follows the history, and the page's tab turns active once it is drawn.
 */
async function navigate(page: Page, path: string) {
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page.locator(`[role="tab"][aria-selected="true"][data-path="${new URL(path, 'http://x').pathname}"]`)).toBeVisible();
}

interface Finding {
  page: string;
  problem: string;
}

/** Stored values and generated names that once showed in English on every page (issue 29), in any case. */
const ENGLISH_VALUES = /\b(?:truck|deliver(?:y|ies)|super admin|installer \(link)\b/i;
/** Units as English writes them, after a number: none of them is Russian (км/ч, км, м, КБ). */
const ENGLISH_UNITS = /(?<![\p{L}\d.])\d+(?:[.,]\d+)?\s?(?:km\/h|km|m|KB|kB|MB|GB|bytes?)(?![\p{L}/])/u;
/**
 * What may keep a point between digits in any language: coordinates (five decimals, for pasting into a map), versions
 * (2.4.1, v1.2), addresses (10.0.0.1) and a day written with points.
 */
const POINT_ALLOWED = /-?\d{1,3}\.\d{5}\b|\bv?\d+(?:\.\d+){2,}|\bv\d+\.\d+|\b\d{1,2}\.\d{1,2}\.\d{4}\b/g;

/**
 * Issue 29: what a page in another language still writes in English: a stored value or generated name, an English
 * unit (Russian), a decimal point (a thousands point in German is fine). Each finding with its surroundings.
 */
async function untranslated(page: Page, language: string): Promise<string[]> {
  if (language === 'en') return [];
  // The page's visible text and its charts' (ECharts draws SVG text).
  const text = await page.evaluate(() =>
    [document.body.innerText, ...[...document.querySelectorAll('svg text')].map((node) => node.textContent ?? '')].join('\n'),
  );
  const found: string[] = [];
  const near = (match: RegExpExecArray | null, what: string) => {
    if (match)
      found.push(`${what}: "${match.input.slice(Math.max(0, match.index - 25), match.index + match[0].length + 25).replace(/\s+/g, ' ')}"`);
  };
  near(ENGLISH_VALUES.exec(text), 'English value');
  if (language === 'ru') near(ENGLISH_UNITS.exec(text), 'English unit');
  const thousands = new Intl.NumberFormat(language).format(1000).includes('.');
  const decimal = thousands ? /(?<![\d.])\d+\.(?!\d{3}(?![\d.]))\d+(?![\d.])/ : /(?<![\d.])\d+\.\d+(?![\d.])/;
  near(decimal.exec(text.replace(POINT_ALLOWED, ' ')), 'decimal point');
  return found;
}

/** Walks the pages in one browser context of the walk's width, language and theme; signed in, it logs in by API first. */
async function walk(browser: Browser, baseURL: string, { width, language, appearance, axe }: Walk, pages: TestPage[], signedIn: boolean) {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 900 }, locale: language, reducedMotion: 'reduce' });
  await context.addCookies([
    { name: 'language', value: language, url: baseURL },
    { name: 'settings', value: JSON.stringify({ ...SHELL_SETTINGS, appearance }), url: baseURL },
  ]);
  const page = await context.newPage();
  const findings: Finding[] = [];
  let current: TestPage = { name: '', path: '', filled: false };
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    findings.push({ page: current.name, problem: `console: ${message.text()}` });
  });
  page.on('pageerror', (error) => findings.push({ page: current.name, problem: `error: ${error.message}` }));
  // Issue 15: every page under the Content-Security-Policy, with no violation (Chromium also logs each as an error).
  const violations = await watchViolations(page);
  if (signedIn) {
    const token = await apiLogin(baseURL, 'admin', E2E_ADMIN_PASSWORD);
    // The shell as a fresh account has it (other tests change it): the tab bar on, which `navigate` waits on.
    await openSignedIn(page, token, '/dashboard', { ...SHELL_SETTINGS, appearance });
    await expect(page.getByTestId('tabs-view')).toBeVisible();
  }
  let shellChecked = false;
  for (const [index, shown] of pages.entries()) {
    const { name, path } = shown;
    current = shown;
    const started = Date.now();
    if (signedIn) await navigate(page, path);
    else await page.goto(path);
    await settle(page);
    const label = `${name}-${width}-${language}-${appearance}`;
    if (process.env.LAYOUT_DEBUG) console.log(`${label} opened in ${Date.now() - started} ms`);
    const overflow = await overflowOf(page);
    if (overflow.document > 0 || overflow.body > 0)
      findings.push({
        page: name,
        problem: `scrolls sideways by ${Math.max(overflow.document, overflow.body)} px: ${(await widest(page)).join(', ')}`,
      });
    for (const problem of await untranslated(page, language)) findings.push({ page: name, problem });
    if (axeOn(axe, index)) {
      // The shell (sidebar, header, tab bar) is the same on every page: checked on the walk's first, then left out.
      const exclude = signedIn && shellChecked ? SHELL : [];
      shellChecked = true;
      for (const problem of await seriousAxeFindings(page, exclude, KNOWN_OPEN)) findings.push({ page: name, problem });
    }
    // Each page of each walk is pictured to look at; JPEG takes a third less time than PNG.
    await page.screenshot({ path: `e2e/artifacts/layout/${label}.jpeg`, quality: 70, animations: 'disabled' });
    if (process.env.LAYOUT_DEBUG) console.log(`${label} done in ${Date.now() - started} ms`);
  }
  // The other tests of this worker's admin expect the light theme.
  if (signedIn && appearance !== 'light') {
    const token = await apiLogin(baseURL, 'admin', E2E_ADMIN_PASSWORD);
    await page.request.put('/v1/account/setParamSetting', { headers: { 'x-token': token }, data: SHELL_SETTINGS });
  }
  await context.close();
  return [...findings, ...violations.map((violation) => ({ page: 'CSP', problem: violation }))];
}

test.describe.configure({ mode: 'parallel' });

for (const shown of walks) {
  const { width, language, appearance, axe } = shown;
  const axed = { all: ', no serious axe finding', even: ', no serious axe finding on every other page', none: '' }[
    axe === 'odd' ? 'even' : axe
  ];
  test(`every page of the route table fits ${width} px in ${language}, ${appearance}: no sideways scroll, no console error, no CSP violation${axed}${language === 'en' ? '' : ', nothing left in English'}`, async ({
    browser,
    baseURL,
  }) => {
    // About half a minute on an idle machine (two with axe); a loaded CI machine takes several times that.
    test.setTimeout(600_000);
    const url = baseURL ?? '';
    const consolePages = pagesOf('main', 'SUPER_ADMIN', await filledFleet(url));
    expect(consolePages.length).toBeGreaterThan(40);
    const findings = [...(await walk(browser, url, shown, publicPages, false)), ...(await walk(browser, url, shown, consolePages, true))];
    expect(findings).toEqual([]);
  });
}

test('on a phone the header folds its buttons into one menu, and the drawer shows long Norwegian entries whole', async ({
  browser,
  baseURL,
}) => {
  const url = baseURL ?? '';
  const context = await browser.newContext({ baseURL: url, viewport: { width: 390, height: 844 }, reducedMotion: 'reduce' });
  await context.addCookies([{ name: 'language', value: 'nb', url }]);
  const page = await context.newPage();
  const token = await apiLogin(url, 'admin', E2E_ADMIN_PASSWORD);
  await page.request.put('/v1/account/setParamSetting', { headers: { 'x-token': token }, data: SHELL_SETTINGS });
  await page.goto('/404');
  await page.evaluate((value) => sessionStorage.setItem('safety-shield-token', value), token);
  await page.goto('/devicepage/maintenance');
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await expect(page.getByTestId('language-select')).toBeHidden();

  // The "more" button holds fullscreen, language, size and settings; their own menus open from it.
  await page.getByTestId('header-more').click();
  const panel = page.getByTestId('header-more-panel');
  await expect(panel.getByTestId('size-select')).toBeVisible();
  await panel.getByTestId('language-select').click();
  await expect(page.getByRole('menuitem', { name: 'Deutsch' })).toBeVisible();
  await page.screenshot({ path: 'e2e/artifacts/layout/header-more-390-nb.png' });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menuitem', { name: 'Deutsch' })).toBeHidden();
  // The settings drawer opens from it and covers it.
  await expect(async () => {
    if (!(await panel.isVisible())) await page.getByTestId('header-more').click();
    await panel.getByTestId('settings-open').click({ timeout: 2_000 });
    await expect(page.getByTestId('settings-drawer')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('settings-drawer')).toBeHidden();
  await page.mouse.click(200, 600); // closes the panel
  await expect(panel).toBeHidden();

  // The user menu stays reachable; the search box opens below the row, inside the window.
  await page.getByTestId('user-menu').click();
  await expect(page.getByRole('menuitem', { name: /logg ut/i })).toBeVisible();
  await page.keyboard.press('Escape');
  await page.getByTestId('header-search-toggle').click();
  const box = page.getByTestId('header-search').locator('.ant-select');
  await expect(box).toBeVisible();
  const edge = await box.evaluate((element) => element.getBoundingClientRect().right);
  expect(edge).toBeLessThanOrEqual(390);
  expect((await overflowOf(page)).document).toBeLessThanOrEqual(0);
  await page.keyboard.press('Escape');

  // In the drawer every entry shows its whole title: none is cut off.
  await page.getByTestId('sidebar-toggle').click();
  const drawer = page.locator('.shell-drawer');
  const closed = drawer.locator('.ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
  while ((await closed.count()) > 0) await closed.first().click();
  await page.waitForTimeout(400); // the drawer's slide and the submenus' opening
  const cut = await drawer
    .locator('.ant-menu-title-content')
    .evaluateAll((titles) => titles.filter((title) => title.scrollWidth > title.clientWidth + 1).map((title) => title.textContent));
  expect(cut).toEqual([]);
  await page.screenshot({ path: 'e2e/artifacts/layout/drawer-390-nb.png', fullPage: true });
  await context.close();
});
