import { joinPath, type Role, type RouteEntry, routeAllows } from '@safety-shield/contract';
import Fuse from 'fuse.js';

/** One page the header search can find. */
export interface SearchEntry {
  path: string;
  /** The page's breadcrumb in the current language: 'Organisations > Fleets'. */
  title: string;
  /** The words a user would type for it (its route's `keywords`), in the current language. */
  keywords: string[];
}

/** A route path without its parameters: 'list/:licensePlate?' → 'list'. */
const staticPath = (path: string) =>
  path
    .split('/')
    .filter((part) => !part.startsWith(':'))
    .join('/');

/** A translated keyword entry ('firmware, firmware package') as its words. */
export const wordsOf = (text: string) =>
  text
    .split(',')
    .map((word) => word.trim())
    .filter(Boolean);

/**
 * The header search's pool (CONSOLE.md): permitted pages with a title that are not 'noRedirect', titled with their
 * ancestors' titles joined by ' > ' (a title repeated by its child, 'Users > Users', is said once), with their
 * keywords. A page hidden from the menu is offered when its route declares keywords (issue 29: the online time, the
 * report, the task and upgrade managers are found by what a user types); pages about one record have none.
 * Only pages that exist (`built`) are offered, as in the menu. `translate` takes a whole key ('route.users').
 */
export function searchPool(
  routes: readonly RouteEntry[],
  role: Role,
  built: ReadonlySet<string>,
  translate: (key: string) => string,
  parent = '/',
  ancestors: readonly string[] = [],
  hiddenAbove = false,
): SearchEntry[] {
  const pool: SearchEntry[] = [];
  for (const route of routes) {
    if (!routeAllows(route, role)) continue;
    const hidden = hiddenAbove || route.hidden === true;
    const path = joinPath(parent, staticPath(route.path));
    const titles = route.title && route.title !== ancestors.at(-1) ? [...ancestors, route.title] : ancestors;
    const offered = !hidden || (route.keywords?.length ?? 0) > 0;
    if (offered && route.title && route.name && built.has(route.name) && route.redirect !== 'noRedirect') {
      pool.push({
        path,
        title: titles.map((title) => translate(`route.${title}`)).join(' > '),
        keywords: (route.keywords ?? []).flatMap((key) => wordsOf(translate(`routeWords.${key}`))),
      });
    }
    if (route.children) pool.push(...searchPool(route.children, role, built, translate, path, titles, hidden));
  }
  return pool;
}

/**
 * CONSOLE.md: Fuse.js, threshold 0.4, best first; the title weighs most, then (issue 29) the keywords, then the path.
 * The keywords are an array, so each word is matched on its own from its start.
 */
export const searchIndex = (pool: readonly SearchEntry[]) =>
  new Fuse(pool, {
    shouldSort: true,
    threshold: 0.4,
    minMatchCharLength: 1,
    keys: [
      { name: 'title', weight: 0.5 },
      { name: 'keywords', weight: 0.3 },
      { name: 'path', weight: 0.2 },
    ],
  });

/** The pages matching a query, best first; an empty query finds nothing. */
export function searchPages(index: Fuse<SearchEntry>, query: string): SearchEntry[] {
  const text = query.trim();
  return text ? index.search(text).map((result) => result.item) : [];
}
