import { joinPath, type Role, type RouteEntry, routeAllows } from '@safety-shield/contract';
import { routeChain } from '../route-access.js';

/** SPEC section 9: at most 10 views are kept alive. */
export const MAX_CACHED_VIEWS = 10;

/** One tab of the tab bar (CONSOLE.md, tab bar): keyed by path; the query only updates it. */
export interface VisitedView {
  path: string;
  /** Path and query, where the tab leads. */
  fullPath: string;
  /** The route's name: the cache key. */
  name: string;
  /** i18n key under `route.` */
  titleKey: string;
  affix?: boolean;
}

export interface ViewsState {
  views: VisitedView[];
  /** Names of the views kept alive, least recently used first. */
  cached: string[];
}

/** What the table says about a path: its tab, whether it may be cached; undefined for routes without a name. */
export function viewOf(routes: readonly RouteEntry[], pathname: string, search = ''): (VisitedView & { noCache: boolean }) | undefined {
  const route = routeChain(routes, pathname).at(-1);
  if (!route?.name) return undefined;
  return {
    path: pathname,
    fullPath: pathname + search,
    name: route.name,
    titleKey: route.title ?? route.name,
    ...(route.affix ? { affix: true } : {}),
    noCache: Boolean(route.noCache),
  };
}

/** The affixed tabs among the routes the role may see, collected at start (CONSOLE.md). */
export function affixViews(routes: readonly RouteEntry[], role: Role, parent = '/'): VisitedView[] {
  const views: VisitedView[] = [];
  for (const route of routes) {
    if (!routeAllows(route, role)) continue;
    const path = joinPath(parent, route.path);
    if (route.affix && route.name) views.push({ path, fullPath: path, name: route.name, titleKey: route.title ?? route.name, affix: true });
    if (route.children) views.push(...affixViews(route.children, role, path));
  }
  return views;
}

export const initialViews = (affix: VisitedView[]): ViewsState => ({ views: affix, cached: [] });

/** Marks a name as just used; the least recently used falls out beyond the limit. */
function touch(cached: string[], name: string): string[] {
  const next = [...cached.filter((entry) => entry !== name), name];
  return next.length > MAX_CACHED_VIEWS ? next.slice(next.length - MAX_CACHED_VIEWS) : next;
}

export type ViewsAction =
  | { type: 'visit'; view: VisitedView; cache: boolean }
  | { type: 'close'; path: string }
  | { type: 'closeOthers'; path: string }
  | { type: 'closeAll' }
  | { type: 'uncache'; name: string }
  | { type: 'clearCache' };

export function viewsReducer(state: ViewsState, action: ViewsAction): ViewsState {
  switch (action.type) {
    case 'visit': {
      const { view } = action;
      const known = state.views.some((entry) => entry.path === view.path);
      const views = known
        ? state.views.map((entry) => (entry.path === view.path ? { ...entry, fullPath: view.fullPath, titleKey: view.titleKey } : entry))
        : [...state.views, view];
      return { views, cached: action.cache ? touch(state.cached, view.name) : state.cached };
    }
    case 'close': {
      const closed = state.views.find((entry) => entry.path === action.path);
      if (!closed || closed.affix) return state;
      return {
        views: state.views.filter((entry) => entry !== closed),
        cached: state.cached.filter((name) => name !== closed.name),
      };
    }
    case 'closeOthers': {
      const kept = state.views.find((entry) => entry.path === action.path);
      return {
        views: state.views.filter((entry) => entry.affix || entry === kept),
        cached: state.cached.filter((name) => name === kept?.name),
      };
    }
    case 'closeAll':
      return { views: state.views.filter((entry) => entry.affix), cached: [] };
    case 'uncache':
      return { ...state, cached: state.cached.filter((name) => name !== action.name) };
    case 'clearCache':
      return { ...state, cached: [] };
  }
}

/**
 * Where to go after the active tab was closed (CONSOLE.md): the last tab; with none left, `/`,
 * or a refresh when the closed one was the dashboard itself.
 */
export function afterClosing(remaining: readonly VisitedView[], closed: VisitedView): { to: string; refresh: boolean } {
  const last = remaining.at(-1);
  if (last) return { to: last.fullPath, refresh: false };
  return closed.name === 'Dashboard' ? { to: closed.fullPath, refresh: true } : { to: '/', refresh: false };
}
