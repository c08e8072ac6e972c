import { joinPath, type Role, type RouteEntry, routeAllows } from '@safety-shield/contract';
import Fuse from 'fuse.js';

/** One page the header search can find. */
export interface SearchEntry {
  path: string;
  /** The page's breadcrumb in the current language: 'Organisations > Fleets'. */
  title: string;
}

/** A route path without its parameters: 'list/:licensePlate?' → 'list'. */
const staticPath = (path: string) =>
  path
    .split('/')
    .filter((part) => !part.startsWith(':'))
    .join('/');

/**
 * The header search's pool (CONSOLE.md): permitted, non-hidden pages with a title that are not 'noRedirect', titled
 * with their ancestors' titles joined by ' > ' (a title repeated by its child, 'Users > Users', is said once).
 * Only pages that exist (`built`) are offered, as in the menu.
 */
export function searchPool(
  routes: readonly RouteEntry[],
  role: Role,
  built: ReadonlySet<string>,
  translate: (titleKey: string) => string,
  parent = '/',
  ancestors: readonly string[] = [],
): SearchEntry[] {
  const pool: SearchEntry[] = [];
  for (const route of routes) {
    if (route.hidden || !routeAllows(route, role)) continue;
    const path = joinPath(parent, staticPath(route.path));
    const titles = route.title && route.title !== ancestors.at(-1) ? [...ancestors, route.title] : ancestors;
    if (route.title && route.name && built.has(route.name) && route.redirect !== 'noRedirect') {
      pool.push({ path, title: titles.map(translate).join(' > ') });
    }
    if (route.children) pool.push(...searchPool(route.children, role, built, translate, path, titles));
  }
  return pool;
}

/** CONSOLE.md: Fuse.js, threshold 0.4, title weighs 0.7 and path 0.3, best first. */
export const searchIndex = (pool: readonly SearchEntry[]) =>
  new Fuse(pool, {
    shouldSort: true,
    threshold: 0.4,
    minMatchCharLength: 1,
    keys: [
      { name: 'title', weight: 0.7 },
      { name: 'path', weight: 0.3 },
    ],
  });

/** The pages matching a query, best first; an empty query finds nothing. */
export function searchPages(index: Fuse<SearchEntry>, query: string): SearchEntry[] {
  const text = query.trim();
  return text ? index.search(text).map((result) => result.item) : [];
}
