import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { consoleRoles, languages, mainRoutes, type RouteEntry, tablePages } from '@safety-shield/contract';
import { describe, expect, it } from 'vitest';
import { builtPages } from '../pages.js';
import { rolePages } from '../test-pages.js';
import { testRoutes as table } from '../test-routes.js';
import { searchIndex, searchPages, searchPool, wordsOf } from './search-pool.js';

const built = new Set(['Dashboard', 'AgentList', 'FleetList', 'AccountList', 'AccountAdd', 'VehicleList']);
const english: Record<string, string> = {
  'route.dashboard': 'Dashboard',
  'route.organisations': 'Organisations',
  'route.areaSuppliers': 'Area suppliers',
  'route.fleets': 'Fleets',
  'route.users': 'Users',
  'route.vehicles': 'Vehicles',
  'route.vehicleList': 'Vehicle list',
  'routeWords.vehicle': 'vehicle, truck',
};
const swedish: Record<string, string> = { ...english, 'route.organisations': 'Organisationer', 'route.fleets': 'Flottor' };

describe('the header search pool', () => {
  it('titles each page with its breadcrumb, leaving out hidden pages and noRedirect sections', () => {
    expect(searchPool(table, 'SUPER_ADMIN', built, (key) => english[key] ?? key)).toEqual([
      { path: '/dashboard', title: 'Dashboard', keywords: [] },
      { path: '/org/agent/list', title: 'Organisations > Area suppliers', keywords: [] },
      { path: '/org/fleet/list', title: 'Organisations > Fleets', keywords: [] },
      { path: '/account/list', title: 'Users', keywords: [] },
      { path: '/vehicle/list', title: 'Vehicles > Vehicle list', keywords: ['vehicle', 'truck'] },
    ]);
  });

  it('offers only what the role may open, and only pages that exist', () => {
    const paths = searchPool(table, 'FLEET_ADMIN', new Set(['Dashboard', 'AccountList']), (key) => key).map((entry) => entry.path);
    expect(paths).toEqual(['/dashboard', '/account/list']);
  });

  it('offers a page hidden from the menu when it has keywords, under a hidden section too', () => {
    const withWords: RouteEntry[] = [
      { path: '/self', hidden: true, children: [{ path: 'index', name: 'Self', title: 'profile', keywords: ['password'] }] },
      { path: '/account', title: 'users', children: [{ path: 'add', name: 'AccountAdd', title: 'accountAdd', hidden: true }] },
    ];
    const pool = searchPool(withWords, 'SUPER_ADMIN', new Set(['Self', 'AccountAdd']), (key) => key);
    expect(pool).toEqual([{ path: '/self/index', title: 'route.profile', keywords: ['routeWords.password'] }]);
  });

  it('is built in the language given', () => {
    const pool = searchPool(table, 'COMPANY_ADMIN', built, (key) => swedish[key] ?? key);
    expect(pool).toContainEqual({ path: '/org/fleet/list', title: 'Organisationer > Flottor', keywords: [] });
  });

  it('finds pages by a fuzzy title, a keyword or the path, best first, and nothing for an empty query', () => {
    const index = searchIndex(searchPool(table, 'SUPER_ADMIN', built, (key) => english[key] ?? key));
    expect(searchPages(index, 'fleet')[0]?.path).toBe('/org/fleet/list');
    expect(searchPages(index, 'Flets')[0]?.path).toBe('/org/fleet/list');
    expect(searchPages(index, 'vehicle/list')[0]?.path).toBe('/vehicle/list');
    expect(searchPages(index, 'truck')[0]?.path).toBe('/vehicle/list');
    expect(searchPages(index, '  ')).toEqual([]);
    expect(searchPages(index, 'qqqqzzzz')).toEqual([]);
  });

  it('covers the Super Admin’s menu, and pages hidden from it only when they have keywords', () => {
    const paths = searchPool(mainRoutes, 'SUPER_ADMIN', builtPages, (key) => key).map((entry) => entry.path);
    expect(paths).toEqual(expect.arrayContaining(rolePages.SUPER_ADMIN ?? []));
    expect(paths).toEqual(expect.arrayContaining(['/device/lineSummary', '/statistics/report', '/devicepage/upgradeManager']));
    for (const recordPage of ['/event', '/map', '/dvr', '/account/edit', '/vehicle/edit', '/device/configSetting']) {
      expect(paths).not.toContain(recordPage);
    }
  });
});

/** The console's shared texts of a language, flattened: 'route.users' → 'Users'. */
function textsOf(language: string): Map<string, string> {
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../shared/i18n/locales', `${language}.json`);
  const flat = new Map<string, string>();
  const walk = (value: unknown, prefix: string) => {
    for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
      if (typeof child === 'string') flat.set(`${prefix}${key}`, child);
      else walk(child, `${prefix}${key}.`);
    }
  };
  walk(JSON.parse(readFileSync(file, 'utf8')), '');
  return flat;
}

/** Every named route of the table with its full path. */
function routesWithPaths(routes: readonly RouteEntry[], parent = '/'): { route: RouteEntry; path: string }[] {
  return tablePages(routes, parent).map((page) => {
    const find = (entries: readonly RouteEntry[]): RouteEntry | undefined =>
      entries.reduce<RouteEntry | undefined>(
        (found, entry) => found ?? (entry.name === page.name ? entry : find(entry.children ?? [])),
        undefined,
      );
    return { route: find(routes) as RouteEntry, path: page.path };
  });
}

/**
 * Pages without keywords, so not offered by the search when hidden from the menu: each is about one record (reached
 * from its row) or a form reached from its list.
 */
const WITHOUT_KEYWORDS = [
  'EventDetail',
  'VehicleEdit',
  'VehicleMap',
  'Dvr',
  'DeviceConfigSetting',
  'DeviceConfigInfo',
  'AccountAdd',
  'AccountEdit',
  'ClauseAdd',
  'ClauseEdit',
];

/** Issue 29: the words a user typed looking for these pages, and the page each must find. */
const ISSUE_WORDS: Record<string, string> = {
  firmware: '/upgradeCollection/index',
  package: '/upgradeCollection/index',
  upgrade: '/devicepage/upgradeManager',
  campaign: '/devicepage/upgradeManager',
  lock: '/devicepage/locks',
  installer: '/devicepage/locks',
  onlineTime: '/device/lineSummary',
  report: '/statistics/report',
  schedule: '/statistics/report',
  coaching: '/event/coaching',
};

describe('every page is found by its title and its words, in every language (issue 29)', () => {
  const pages = routesWithPaths(mainRoutes);

  it('declares keywords on every page but those about one record or a form, and none on a page with a required parameter', () => {
    const without = pages.filter(({ route }) => !route.keywords?.length).map(({ route }) => route.name);
    expect(without.sort()).toEqual([...WITHOUT_KEYWORDS].sort());
    const required = pages.filter(({ route, path: full }) => route.keywords && /:\w+(\/|$)/.test(full));
    expect(required.map(({ route }) => route.name)).toEqual([]);
  });

  it('has the words of the issue on the pages a user looked for', () => {
    for (const [word, page] of Object.entries(ISSUE_WORDS)) {
      const holder = pages.find(({ path: full }) => full === page);
      expect(holder?.route.keywords, `${word} on ${page}`).toContain(word);
    }
  });

  it.each(languages)('%s: each page’s title and each of its words find it; the issue’s words find it among the first five', (language) => {
    const texts = textsOf(language);
    const translate = (key: string) => {
      const text = texts.get(key);
      if (text === undefined) throw new Error(`${language}: no text ${key}`);
      return text;
    };
    const missed: string[] = [];
    const seen = new Set<string>();
    for (const role of consoleRoles) {
      const pool = searchPool(mainRoutes, role, builtPages, translate);
      const index = searchIndex(pool);
      for (const entry of pool) {
        if (seen.has(entry.path)) continue;
        seen.add(entry.path);
        const own = entry.title.split(' > ').at(-1) ?? entry.title;
        for (const query of [own, ...entry.keywords]) {
          if (!searchPages(index, query).some((found) => found.path === entry.path)) missed.push(`${entry.path} by "${query}"`);
        }
      }
      for (const [word, page] of Object.entries(ISSUE_WORDS)) {
        if (!pool.some((entry) => entry.path === page)) continue;
        for (const query of wordsOf(translate(`routeWords.${word}`))) {
          const firstFive = searchPages(index, query).slice(0, 5);
          if (!firstFive.some((found) => found.path === page)) missed.push(`${page} among the first five for "${query}" (${role})`);
        }
      }
    }
    expect(missed).toEqual([]);
    // Every page a role may find was looked for.
    expect(seen.size).toBeGreaterThan(35);
  });
});
