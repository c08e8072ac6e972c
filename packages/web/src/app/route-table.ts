import type { RouteEntry } from '@safety-shield/contract';

/** Section parents that send their bare path to a first page ('event' → '/event/list'); '/' is the layout's own. */
export function sectionRedirects(routes: readonly RouteEntry[]): { path: string; to: string }[] {
  return routes
    .filter((route) => route.path !== '/' && route.redirect && route.redirect !== 'noRedirect')
    .map((route) => ({ path: route.path.replace(/^\//, ''), to: route.redirect ?? '/' }));
}
