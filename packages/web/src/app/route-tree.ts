import { mainRoutes, pathTo, publicRoutes, type RouteEntry, type RouteName, tablePages } from '@safety-shield/contract';
import { type LoaderFunction, type NonIndexRouteObject, type RouteObject, redirect } from 'react-router';
import type { PageLoader, PageRegistry } from './pages.js';
import type { RouteHandle } from './route-handle.js';
import { sectionRedirects } from './route-table.js';

/** What a route of the table shows while its page is not built: "This page comes in a later release." */
export const comingSoon = async () => ({ Component: (await import('./pages/ComingSoonPage.js')).ComingSoonPage });

/** What the router adds to the route table. */
export interface Shell {
  /** The layout route ('/'): its guard, its frame, its error page. */
  layout: Omit<NonIndexRouteObject, 'path' | 'children' | 'index'>;
  /** Loaders run before a page opens, by route name (the login page sends a signed-in user on). */
  loaders?: { readonly [Name in RouteName]?: LoaderFunction };
}

/**
 * One route per named route of a table, at the table's path: the page registered against its name, else the
 * "later release" page; the route's title is its handle. `relative`: paths below the layout, without the leading slash.
 */
function pageRoutes(table: readonly RouteEntry[], pages: PageRegistry, shell: Shell, relative: boolean): RouteObject[] {
  return tablePages(table).map(({ name, path, title }) => {
    const load: PageLoader | undefined = pages[name as RouteName];
    const loader = shell.loaders?.[name as RouteName];
    return {
      path: relative ? path.slice(1) : path,
      ...(loader ? { loader } : {}),
      lazy: load ? async () => ({ Component: await load() }) : comingSoon,
      ...(title ? { handle: { title } satisfies RouteHandle } : {}),
    };
  });
}

/**
 * The router's tree, derived from the contract's route table (`publicRoutes`, `mainRoutes`) and the pages registered
 * by route name: the public screens, then the layout with its pages and its section redirects; anything else is a 404.
 */
export function routeTree(pages: PageRegistry, shell: Shell): RouteObject[] {
  const home = mainRoutes.find((route) => route.path === '/')?.redirect;
  return [
    ...pageRoutes(publicRoutes, pages, shell, false),
    {
      ...shell.layout,
      path: '/',
      children: [
        ...(home ? [{ index: true, loader: () => redirect(home) }] : []),
        // A tab's Refresh (CONSOLE.md): goes straight back to the path after it, so its view is mounted afresh.
        { path: 'redirect/*', lazy: async () => ({ Component: (await import('./tabs/RedirectPage.js')).RedirectPage }) },
        ...pageRoutes(mainRoutes, pages, shell, true),
        ...sectionRedirects(mainRoutes).map(({ path, to }) => ({ path, loader: () => redirect(to) })),
      ],
    },
    { path: '*', loader: () => redirect(pathTo('NotFound')) },
  ];
}
