import { joinPath, type RouteEntry } from '@safety-shield/contract';

export interface LaterRoute {
  /** Path below the layout, without the leading slash. */
  path: string;
  title: string;
}

/**
 * The route-table pages not built yet (by route name), with their full paths, so the router can answer each with
 * the "coming in a later release" page instead of a 404, and the redirects of their section parents.
 */
export function laterRoutes(routes: readonly RouteEntry[], built: ReadonlySet<string>, parent = '/'): LaterRoute[] {
  return routes.flatMap((route) => {
    const full = joinPath(parent, route.path);
    const own = route.name && route.title && !built.has(route.name) ? [{ path: full.replace(/^\//, ''), title: route.title }] : [];
    return [...own, ...(route.children ? laterRoutes(route.children, built, full) : [])];
  });
}

/** Section parents that send their bare path to a first page ('/event' → '/event/list'). */
export function sectionRedirects(routes: readonly RouteEntry[]): { path: string; to: string }[] {
  return routes
    .filter((route) => route.path !== '/' && route.redirect && route.redirect !== 'noRedirect')
    .map((route) => ({ path: route.path.replace(/^\//, ''), to: route.redirect ?? '/' }));
}
