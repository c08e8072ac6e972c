import { joinPath, mainRoutes, publicRoutes, tablePages } from '@safety-shield/contract';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { builtPages, type PageRegistry, pages } from './pages.js';
import type { RouteHandle } from './route-handle.js';
import { sectionRedirects } from './route-table.js';
import { comingSoon, routeTree } from './route-tree.js';

const signedOut = async () => null;
const tree = routeTree(pages, { layout: { loader: async () => null }, loaders: { Login: signedOut } });
const layout = tree.find((route) => route.path === '/');
const contractPages = [...tablePages(publicRoutes), ...tablePages(mainRoutes)];

/** Every route of the tree with its full path (the index route as its parent's path). */
function flatten(routes: readonly RouteObject[], parent = '/'): { path: string; route: RouteObject }[] {
  return routes.flatMap((route) => {
    const path = route.path === undefined ? parent : joinPath(parent, route.path);
    return [{ path, route }, ...flatten(route.children ?? [], path)];
  });
}
const routes = flatten(tree);
const routeAt = (path: string) => routes.find((entry) => entry.path === path)?.route;

/** The route a URL opens: the deepest match. */
const opens = (url: string) => matchRoutes(tree, url)?.at(-1)?.route;
const titleOf = (route: RouteObject | undefined) => (route?.handle as RouteHandle | undefined)?.title;

describe('pages declared once: the contract’s route table and pages.ts', () => {
  it('registers pages against route names of the contract only', () => {
    const names = new Set(contractPages.map((page) => page.name));
    expect(Object.keys(pages).filter((name) => !names.has(name))).toEqual([]);
    // @ts-expect-error a page under a name the route table does not have does not compile
    const stray = { VehicleLists: async () => () => null } satisfies PageRegistry;
    expect(stray).toBeDefined();
  });

  it('gives every route of the table its page, or the later-release page, with the table’s title', () => {
    for (const { name, path, title } of contractPages) {
      const route = routeAt(path);
      expect(route, path).toBeDefined();
      expect(route?.lazy === comingSoon, name).toBe(!builtPages.has(name));
      expect(titleOf(route), name).toBe(title);
    }
  });

  it('has exactly the contract’s paths, besides the layout, its refresh route and the catch-all', () => {
    const contractPaths = [...contractPages.map((page) => page.path), ...sectionRedirects(mainRoutes).map((section) => `/${section.path}`)];
    const shell = ['/', '/', '/redirect/*', '/*'];
    expect(routes.map((entry) => entry.path).sort()).toEqual([...contractPaths, ...shell].sort());
  });

  it('keeps the public screens outside the layout, and the pages inside it', () => {
    for (const { path } of tablePages(publicRoutes)) expect(tree, path).toContain(routeAt(path));
    for (const { path } of tablePages(mainRoutes)) expect(layout?.children, path).toContain(routeAt(path));
  });

  it('runs the loaders given by route name', () => {
    expect(routeAt('/login')?.loader).toBe(signedOut);
    expect(routeAt('/maintenance')?.loader).toBeUndefined();
  });
});

describe('the router derived from them', () => {
  it('opens pages with parameters, built or not', () => {
    expect(titleOf(opens('/vehicle/list/AB123'))).toBe('vehicleList');
    expect(titleOf(opens('/vehicle/list'))).toBe('vehicleList');
    expect(titleOf(opens('/event/42'))).toBe('incidentDetail');
    expect(titleOf(opens('/event/recycleBin'))).toBe('recycleBin');
    expect(titleOf(opens('/map/event'))).toBe('incidentsMap');
    expect(titleOf(opens('/map/AB123'))).toBe('vehicleMap');
    expect(opens('/statistics/report')?.lazy).not.toBe(comingSoon);
  });

  it('answers the public screens outside the layout, unknown paths with /404', () => {
    expect(matchRoutes(tree, '/device/setting')?.map((match) => match.route)).toEqual([routeAt('/device/setting')]);
    expect(opens('/device/setting')?.lazy).not.toBe(comingSoon);
    expect(opens('/auth-redirect')?.lazy).not.toBe(comingSoon);
    // The guard's `/deviceLock`: the lock page an installer's link opens (issue 18).
    expect(opens('/deviceLock')?.path).toBe('/deviceLock');
    expect(opens('/dvr')?.path).toBe('*');
  });

  it('sends / and bare section paths to their first page', async () => {
    const target = async (url: string) => {
      const loader = opens(url)?.loader;
      if (typeof loader !== 'function') return undefined;
      const answer = (await loader({} as never, undefined)) as Response;
      return answer.headers.get('Location');
    };
    expect(await target('/')).toBe('/dashboard');
    expect(await target('/event')).toBe('/event/list');
    expect(await target('/clauseInfo')).toBe('/clause/list');
    expect(await target('/nowhere')).toBe('/404');
  });
});

describe('the pages of later releases', () => {
  const later = flatten(layout?.children ?? [], '')
    .filter((entry) => entry.route.lazy === comingSoon)
    .map((entry) => ({ path: entry.path.replace(/^\//, ''), title: titleOf(entry.route) }));

  it('are none: every named page of the route table is built', () => {
    // Issue 19 built the last one, the report.
    expect(later).toEqual([]);
  });

  it('sends a bare section path to its first page', () => {
    expect(sectionRedirects(mainRoutes)).toContainEqual({ path: 'event', to: '/event/list' });
    expect(sectionRedirects(mainRoutes)).toContainEqual({ path: 'clauseInfo', to: '/clause/list' });
    expect(sectionRedirects(mainRoutes).map((r) => r.path)).not.toContain('org');
  });

  it('leave no route name without a page, public ones included', () => {
    expect(contractPages.filter((page) => !builtPages.has(page.name)).map((page) => page.name)).toEqual([]);
  });
});
