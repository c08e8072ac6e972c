import type { Browser, Locator, Page } from '@playwright/test';
import { filterRoutes, mainRoutes, type Role, tablePages } from '@safety-shield/contract';
import { apiLogin } from './api.js';
import { adminApi, agentWithCompany, bindWhenListed, expectIncidentCount, readyCompanyAdmin, simulatedDevice, unique } from './console.js';
import { expect, openSignedIn, test } from './fixtures.js';
import { E2E_ADMIN_PASSWORD } from './global-setup.js';

/**
 * Issue 29: every page a role may open is reachable by clicks from the menu, directly or through a visible link on a page
 * that is. For each console role this walks from the dashboard by clicks alone (menu items, the user menu, visible links
 * of the pages, and the few buttons below that open a page) and fails naming each page of the route table it cannot reach.
 */

/** The route table's pages, as patterns to tell which page a URL shows (a fixed segment beats a parameter). */
const patterns = tablePages(mainRoutes)
  .map(({ name, path }) => {
    const parts = path.split('/').filter(Boolean);
    const source = parts.map((part) => (part.startsWith(':') ? (part.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+') : `/${part}`)).join('');
    return { name, regex: new RegExp(`^${source || '/'}/?$`), params: parts.filter((part) => part.startsWith(':')).length };
  })
  .sort((a, b) => a.params - b.params);

const pageAt = (pathname: string) => patterns.find((pattern) => pattern.regex.test(pathname))?.name;

/**
 * Pages a button opens (no link to follow): on the page `from`, `open` makes the clicks before the last and answers what
 * the last one clicks. Kept short: a page is better reached by a link or the menu, which the walk finds by itself.
 */
const BUTTONS: ReadonlyArray<{ to: string; from: string; open(page: Page): Promise<Locator> }> = [
  { to: 'VehicleEdit', from: 'VehicleList', open: async (page) => content(page).getByRole('button', { name: 'Add vehicle' }) },
  { to: 'VehicleMap', from: 'VehicleList', open: async (page) => firstRow(page).getByRole('button', { name: 'Map' }) },
  {
    to: 'Dvr',
    from: 'VehicleList',
    open: async (page) => {
      await firstRow(page).getByRole('button', { name: 'Record' }).click({ timeout: CLICK_MS });
      return page.getByTestId('vehicle-record-dvr');
    },
  },
  { to: 'AccountEdit', from: 'AccountList', open: async (page) => firstRow(page).getByRole('button', { name: 'Edit' }) },
  { to: 'ClauseEdit', from: 'ClauseList', open: async (page) => firstRow(page).getByRole('button', { name: 'Edit' }) },
  { to: 'DeviceConfigSetting', from: 'DeviceList', open: async (page) => content(page).getByTestId('device-config-action').first() },
  // The device's page holds its configuration's links in a tab (the editor is one link further, from the comparison).
  {
    to: 'DeviceConfigInfo',
    from: 'DeviceDetail',
    open: async (page) => {
      await content(page).getByRole('tab', { name: 'Configuration' }).click({ timeout: CLICK_MS });
      return content(page).getByTestId('detail-config-compare');
    },
  },
];

/** The page's own part of the console (the cached views of other tabs are in it too, hidden). */
const content = (page: Page) => page.locator('.shell-content');
const firstRow = (page: Page) => content(page).locator('.ant-table-row:visible').first();

/**
 * Pages about one record that a role has none of, so no row to click: a Site Admin sees no data (SPEC section 6, and
 * `inScope` on the server), so no incident, vehicle or device of its own.
 */
const NO_RECORDS: Partial<Record<Role, readonly string[]>> = {
  SITE_ADMIN: ['EventDetail', 'VehicleMap', 'DeviceDetail', 'DeviceConfigInfo', 'DeviceConfigSetting'],
};

/** How long a click may wait for its target, and its page for the address to change. */
const CLICK_MS = 3_000;

/** One click on the way to a page. */
type Step =
  | { kind: 'menu'; index: number }
  | { kind: 'user'; name: string }
  | { kind: 'link'; href: string }
  | { kind: 'button'; to: string };

interface Reached {
  name: string;
  url: string;
  steps: Step[];
}

/** Waits until the tab of the page the address names is the active one. */
const activeTab = (page: Page) =>
  page
    .locator(`[role="tab"][aria-selected="true"][data-path="${new URL(page.url()).pathname}"]`)
    .waitFor({ timeout: 5_000 })
    .catch(() => undefined);

/**
 * Waits until the page the address names has drawn: its tab active, its spinners gone, and what it shows (its links,
 * rows and buttons) the same twice in a row.
 */
async function settle(page: Page) {
  await activeTab(page);
  // Ten seconds: three portals on two cores answer a list in more than three at times, and a page read while its
  // spinner turns shows none of its links (a CI run's Company Admin missed the device configuration pages so).
  await page
    .locator('.ant-spin-spinning:visible, .ant-skeleton-active:visible')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
  let last = '';
  for (let round = 0; round < 10; round++) {
    const now = await page.evaluate(() => {
      const shown = [...document.querySelectorAll('.shell-content a[href], .shell-content .ant-table-row, .shell-content button')].filter(
        (element) => element.checkVisibility(),
      );
      return `${shown.length}:${shown.map((element) => element.getAttribute('href') ?? '').join(',')}`;
    });
    if (now === last) return;
    last = now;
    await page.waitForTimeout(80);
  }
}

const here = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

/** The visible links of the page and its breadcrumb that lead inside the console, once each. */
const linksOn = (page: Page) =>
  page.evaluate(() => {
    const anchors = [...document.querySelectorAll<HTMLAnchorElement>('.shell-content a[href], .shell-breadcrumb a[href]')];
    const hrefs = anchors
      .filter((anchor) => anchor.checkVisibility() && anchor.getAttribute('href')?.startsWith('/'))
      .map((anchor) => anchor.getAttribute('href') ?? '');
    return [...new Set(hrefs)];
  });

/** Walks the console as `role` signed in with `token`; answers the pages it reached and the way to each. */
async function walk(browser: Browser, baseURL: string, role: Role, token: string) {
  const started = Date.now();
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  // The shell as a fresh account has it (another test may have changed the admin's): the tab bar on, which `settle` reads.
  await openSignedIn(page, token, '/dashboard');
  const menu = page.locator('nav[aria-label="Main"] .ant-menu');
  await expect(menu).toBeVisible();
  await settle(page);

  const wanted = new Set(tablePages(filterRoutes(mainRoutes, role)).map((entry) => entry.name));
  // The dashboard is the sidebar's first item.
  const reached = new Map<string, Reached>([['Dashboard', { name: 'Dashboard', url: here(page), steps: [{ kind: 'menu', index: 0 }] }]]);
  const strayLinks: string[] = [];
  /** Every page the role may open is reached (or has no record to reach it by): the walk ends there. */
  const done = () => [...wanted].every((name) => reached.has(name) || NO_RECORDS[role]?.includes(name));

  /** Opens every closed submenu of the sidebar, so all its items show. */
  const openSubmenus = async () => {
    const closed = menu.locator('.ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
    while ((await closed.count()) > 0) await closed.first().click();
  };
  const items = menu.locator('li.ant-menu-item');

  /** Takes one step; answers whether the page changed (a click that finds nothing to click changes nothing). */
  const take = async (step: Step): Promise<boolean> => {
    const before = here(page);
    try {
      if (step.kind === 'menu') {
        await openSubmenus();
        await items.nth(step.index).click({ timeout: CLICK_MS });
      } else if (step.kind === 'user') {
        await page.getByTestId('user-menu').click({ timeout: CLICK_MS });
        await page.locator('.ant-dropdown:visible').getByRole('menuitem').filter({ hasText: step.name }).click({ timeout: CLICK_MS });
      } else if (step.kind === 'link') {
        const selector = `.shell-content a[href="${step.href}"]:visible, .shell-breadcrumb a[href="${step.href}"]:visible`;
        const link = page.locator(selector).first();
        if (!(await link.isVisible())) throw new Error('not shown');
        await link.click({ timeout: CLICK_MS });
      } else {
        const button = await BUTTONS.find((entry) => entry.to === step.to)?.open(page);
        if (!button) return false;
        await button.click({ timeout: CLICK_MS });
      }
    } catch {
      if (process.env.REACH_DEBUG) console.log('  missed', JSON.stringify(step));
      return false;
    }
    const t0 = Date.now();
    const changed = await changedFrom(before);
    const t1 = Date.now();
    await settle(page);
    if (process.env.REACH_DEBUG) console.log('  step', JSON.stringify(step), changed, here(page), t1 - t0, Date.now() - t1);
    return changed;
  };
  const changedFrom = (before: string) =>
    expect
      .poll(() => here(page), { timeout: CLICK_MS })
      .not.toBe(before)
      .then(
        () => true,
        () => false,
      );

  /**
   * Back to a page reached before: the browser's back until it is there (a tab or drawer of a page may have added steps
   * of its own), never past the dashboard; else its steps again from the menu.
   */
  const returnTo = async (place: Reached) => {
    for (let back = 0; back < 6 && here(page) !== place.url; back++) {
      const name = pageAt(new URL(page.url()).pathname);
      if (!name || (name === 'Dashboard' && place.name !== 'Dashboard')) break;
      const before = here(page);
      await page.evaluate(() => history.back());
      await changedFrom(before);
      // A page shown before is drawn already (a cached view): its tab turning active is enough.
      await activeTab(page);
    }
    if (here(page) === place.url) return;
    for (const step of place.steps) await take(step);
  };

  /** After a step from `from`: notes the page it opened and walks on from there. */
  const arrive = async (from: Reached, step: Step) => {
    const name = pageAt(new URL(page.url()).pathname);
    if (!name || name === from.name || reached.has(name)) return;
    if (!wanted.has(name)) {
      strayLinks.push(`${from.name || 'menu'} → ${here(page)}`);
      return;
    }
    if (process.env.REACH_DEBUG) console.log(role, name, Date.now() - started);
    const place: Reached = { name, url: here(page), steps: [...from.steps, step] };
    reached.set(name, place);
    await explore(place);
  };

  /**
   * Follows the links and buttons of the page `place` (shown now) to pages not reached yet, depth first. It comes back
   * to `place` only when another of its ways is still to try, so a page at the end of a walk costs no way back.
   */
  const explore = async (place: Reached) => {
    const ways: { to: string; step: Step }[] = [];
    for (const href of await linksOn(page)) {
      const name = pageAt(new URL(href, baseURL).pathname);
      // Outside the layout (the public screens) or already reached or found on this page: nothing to learn.
      if (!name || reached.has(name) || ways.some((way) => way.to === name)) continue;
      if (wanted.has(name)) ways.push({ to: name, step: { kind: 'link', href } });
      else strayLinks.push(`${place.name} → ${href}`);
    }
    for (const button of BUTTONS) {
      if (button.from === place.name && wanted.has(button.to) && !ways.some((way) => way.to === button.to))
        ways.push({ to: button.to, step: { kind: 'button', to: button.to } });
    }
    for (const { to, step } of ways) {
      if (done()) return;
      if (reached.has(to)) continue;
      await returnTo(place);
      if (await take(step)) await arrive(place, step);
    }
  };

  const dashboard = reached.get('Dashboard');
  if (dashboard) await explore(dashboard);
  // The sidebar's items, each once: an item whose page the walk has already reached adds nothing (its key is its path).
  await openSubmenus();
  const keys = await items.evaluateAll((elements) =>
    elements.map((element) => {
      const id = element.getAttribute('data-menu-id') ?? '';
      return id.slice(id.indexOf('-/') + 1);
    }),
  );
  for (const [index, key] of keys.entries()) {
    if (done()) break;
    const name = pageAt(key);
    if (name && reached.has(name)) continue;
    const step: Step = { kind: 'menu', index };
    if (await take(step)) await arrive({ name: '', url: '', steps: [] }, step);
  }
  // The user menu's entries (the profile, the terms).
  const names: string[] = [];
  if (!done()) {
    await page.getByTestId('user-menu').click();
    const menuItems = page.locator('.ant-dropdown:visible').getByRole('menuitem');
    await menuItems.first().waitFor();
    names.push(...(await menuItems.allInnerTexts()).map((text) => text.trim()));
    await page.keyboard.press('Escape');
  }
  for (const name of names.filter((text) => text && !/log ?out/i.test(text))) {
    if (done()) break;
    const step: Step = { kind: 'user', name };
    if (await take(step)) await arrive({ name: '', url: '', steps: [] }, step);
  }
  await context.close();
  const unreached = [...wanted].filter((name) => !reached.has(name) && !NO_RECORDS[role]?.includes(name));
  return { reached, unreached, strayLinks };
}

/** A company with a fleet, a site, a vehicle whose device filed an incident, and one account of each role under it. */
async function filledScope(baseURL: string) {
  const api = await adminApi(baseURL);
  const { agent, company } = await agentWithCompany(api, 'Reach Co');
  const fleet = await api<{ id: number }>('POST', '/v1/org/fleet', { parentId: company.id, name: unique('Fleet') });
  const site = await api<{ id: number }>('POST', '/v1/org/site', { parentId: fleet.id, name: unique('Site') });
  const companyAdmin = await readyCompanyAdmin(baseURL, api, company.id, 'reach');
  const key = (
    await (
      await fetch(`${baseURL}/v1/device/provisioning`, {
        method: 'POST',
        headers: { 'x-token': companyAdmin.token, 'content-type': 'application/json' },
        body: '{}',
      })
    ).json()
  ).data.key as string;
  const plate = unique('REACH');
  const vehicle = await api<{ id: number }>('POST', '/v1/vehicle', { licensePlate: plate, fleetId: fleet.id, initialMileageKm: 0 });
  const uuid = `E2E-REACH-${Date.now().toString(36).toUpperCase()}`;
  const device = simulatedDevice(uuid, key, { gpsIntervalMs: 60_000 });
  try {
    expect(await device.start()).toBe(true);
    await bindWhenListed(api, uuid, vehicle.id);
    device.raiseIncident('fatigue');
    await expectIncidentCount(api, plate, 1);
  } finally {
    await device.stop();
  }
  const agentAdmin = await readyCompanyAdmin(baseURL, api, agent.id, 'reach', 'agent');
  // A clause of the area supplier's to edit, not one its admins must accept first (that would stop their walks).
  const clause = await fetch(`${baseURL}/v1/clause`, {
    method: 'POST',
    headers: { 'x-token': agentAdmin.token, 'content-type': 'application/json' },
    body: JSON.stringify({ title: unique('Reach terms'), content: '<p>Terms</p>', placeType: 'self', mustCheck: false }),
  });
  expect(((await clause.json()) as { code: number }).code).toBe(200);
  const tokens: Partial<Record<Role, string>> = {
    SUPER_ADMIN: await apiLogin(baseURL, 'admin', E2E_ADMIN_PASSWORD),
    COMPANY_ADMIN: companyAdmin.token,
    AGENT_ADMIN: agentAdmin.token,
    FLEET_ADMIN: (await readyCompanyAdmin(baseURL, api, fleet.id, 'reach', 'fleet')).token,
    SITE_ADMIN: (await readyCompanyAdmin(baseURL, api, site.id, 'reach', 'site')).token,
    SUPER_ASSISTANT: (await readyCompanyAdmin(baseURL, api, 0, 'reach', 'assistant')).token,
  };
  return tokens;
}

/** One filled scope per portal (the roles' walks may run in either worker). */
const scopes = new Map<string, ReturnType<typeof filledScope>>();
const scopeOf = (baseURL: string) => {
  let made = scopes.get(baseURL);
  if (!made) {
    made = filledScope(baseURL);
    scopes.set(baseURL, made);
  }
  return made;
};

test.describe.configure({ mode: 'parallel' });

const ROLES: readonly Role[] = ['SUPER_ADMIN', 'AGENT_ADMIN', 'COMPANY_ADMIN', 'FLEET_ADMIN', 'SITE_ADMIN', 'SUPER_ASSISTANT'];

for (const role of ROLES) {
  test(`${role}: every page of the route table it may open is reached from the dashboard by clicks alone`, async ({ browser, baseURL }) => {
    // Seconds on an idle machine (the Super Admin's walk is the longest); a loaded one takes several times that.
    test.setTimeout(300_000);
    const url = baseURL ?? '';
    const token = (await scopeOf(url))[role];
    if (!token) throw new Error(`no account for ${role}`);
    const started = Date.now();
    const { reached, unreached, strayLinks } = await walk(browser, url, role, token);
    if (process.env.REACH_DEBUG)
      console.log(
        role,
        `${Date.now() - started} ms`,
        [...reached.values()].map((place) => `${place.name} ← ${place.steps.map((step) => JSON.stringify(step)).join(' ')}`),
      );
    expect(unreached, `pages ${role} may open but cannot reach by clicks`).toEqual([]);
    expect(strayLinks, `links ${role} sees to pages it may not open`).toEqual([]);
  });
}
