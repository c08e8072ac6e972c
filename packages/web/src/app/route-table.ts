import { joinPath, type RouteEntry } from '@safety-shield/contract';

/** A named route of the contract's route table, with its full path. */
export interface TablePage {
  name: string;
  /** From the root, with the leading slash: '/vehicle/list/:licensePlate?'. */
  path: string;
  /** i18n key under `route.`; the status pages have none. */
  title?: string;
}

/** Every named route of a table, children included, in the table's order. */
export function tablePages(routes: readonly RouteEntry[], parent = '/'): TablePage[] {
  return routes.flatMap((route) => {
    const path = joinPath(parent, route.path);
    const own: TablePage[] = route.name ? [{ name: route.name, path, ...(route.title ? { title: route.title } : {}) }] : [];
    return [...own, ...(route.children ? tablePages(route.children, path) : [])];
  });
}

/** Section parents that send their bare path to a first page ('event' → '/event/list'); '/' is the layout's own. */
export function sectionRedirects(routes: readonly RouteEntry[]): { path: string; to: string }[] {
  return routes
    .filter((route) => route.path !== '/' && route.redirect && route.redirect !== 'noRedirect')
    .map((route) => ({ path: route.path.replace(/^\//, ''), to: route.redirect ?? '/' }));
}
