import type { RouteEntry } from '@safety-shield/contract';
import { routeChain } from './route-access.js';

export interface Crumb {
  titleKey: string;
  /** Where the crumb leads; none for the current page and for 'noRedirect' parents. */
  to?: string;
}

/**
 * The breadcrumb after the dashboard (SPEC section 2: it always starts there): the titled ancestors of the page
 * and the page itself. A parent with the same title as its child ('Users' > 'Users') is drawn once.
 */
export function breadcrumbOf(routes: readonly RouteEntry[], pathname: string): Crumb[] {
  const chain = routeChain(routes, pathname).filter((route) => route.title && route.title !== 'dashboard');
  const crumbs: Crumb[] = [];
  chain.forEach((route, index) => {
    const last = index === chain.length - 1;
    if (!last && route.title === chain[index + 1]?.title) return;
    const to = !last && route.redirect && route.redirect !== 'noRedirect' ? route.redirect : undefined;
    crumbs.push({ titleKey: route.title ?? '', ...(to ? { to } : {}) });
  });
  return crumbs;
}
