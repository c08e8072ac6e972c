import { mainRoutes, type Role } from '@safety-shield/contract';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useReducer, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { usePreferences } from '../../shared/preferences/PreferencesProvider.js';
import { affixViews, afterClosing, initialViews, type ViewsState, type VisitedView, viewOf, viewsReducer } from './visited-views.js';

interface ViewsApi extends ViewsState {
  /** The name under which the current page is kept alive; none when it is not cached. */
  cacheName: string | undefined;
  refresh(view: VisitedView): void;
  close(view: VisitedView): void;
  closeOthers(view: VisitedView): void;
  closeAll(view: VisitedView): void;
  /** CONSOLE.md, size change: every cached view is dropped and the current one is shown afresh. */
  resetCacheAndRefresh(): void;
}

const ViewsContext = createContext<ViewsApi | null>(null);

export function useViews(): ViewsApi {
  const views = useContext(ViewsContext);
  if (!views) throw new Error('useViews outside ViewsProvider');
  return views;
}

/** The tab bar's list of visited views and the cache of live views, for the layout's lifetime (a logout clears them). */
export function ViewsProvider({ role, children }: { role: Role | undefined; children: ReactNode }) {
  const { pathname, search, key: locationKey } = useLocation();
  const navigate = useNavigate();
  const { tabsView } = usePreferences().settings;
  const [state, dispatch] = useReducer(viewsReducer, undefined, () => initialViews([]));
  const affix = useMemo(() => (role ? affixViews(mainRoutes, role) : []), [role]);
  const page = useMemo(() => viewOf(mainRoutes, pathname, search), [pathname, search]);
  // With the tab bar off nothing is cached (CONSOLE.md); `noCache` routes never are.
  const cacheName = page && tabsView && !page.noCache ? page.name : undefined;

  // Each navigation is a visit, recorded while rendering it rather than in an effect after: an effect may run only after
  // the next click (undoing a refresh's uncache), and a click can supersede a render so that the page seems not to
  // change (closing the shown tab, then opening the same page again); a navigation always brings a new location key.
  const visit = `${locationKey} ${cacheName}`;
  const [visited, setVisited] = useState<string>();
  if (visit !== visited) {
    setVisited(visit);
    if (page) {
      const { noCache: _, ...view } = page;
      dispatch({ type: 'visit', view, cache: Boolean(cacheName) });
    }
  }
  useEffect(() => {
    if (!tabsView) dispatch({ type: 'clearCache' });
  }, [tabsView]);

  // Affix tabs come first, whatever was visited before the role was known.
  const views = useMemo(
    () => [...affix, ...state.views.filter((view) => !affix.some((entry) => entry.path === view.path))],
    [affix, state.views],
  );

  const refresh = useCallback(
    (view: VisitedView) => {
      dispatch({ type: 'uncache', name: view.name });
      // The page on show refreshes at the address it is at now: its tab's recorded one may not have caught up with a
      // query it just changed (a filter reset on a busy machine).
      const target = view.path === pathname ? `${pathname}${search}` : view.fullPath;
      void navigate(`/redirect${target}`, { replace: true });
    },
    [navigate, pathname, search],
  );
  const close = useCallback(
    (view: VisitedView) => {
      if (view.affix) return;
      dispatch({ type: 'close', path: view.path });
      if (view.path !== pathname) return;
      const next = afterClosing(
        views.filter((entry) => entry.path !== view.path),
        view,
      );
      if (next.refresh) refresh(view);
      else void navigate(next.to);
    },
    [views, pathname, navigate, refresh],
  );
  const closeOthers = useCallback(
    (view: VisitedView) => {
      dispatch({ type: 'closeOthers', path: view.path });
      if (view.path !== pathname) void navigate(view.fullPath);
    },
    [pathname, navigate],
  );
  const closeAll = useCallback(
    (view: VisitedView) => {
      dispatch({ type: 'closeAll' });
      if (affix.some((entry) => entry.path === view.path)) return;
      const last = affix.at(-1);
      void navigate(last ? last.fullPath : '/');
    },
    [affix, navigate],
  );
  const resetCacheAndRefresh = useCallback(() => {
    dispatch({ type: 'clearCache' });
    void navigate(`/redirect${pathname}${search}`, { replace: true });
  }, [navigate, pathname, search]);

  const value = useMemo(
    () => ({ views, cached: state.cached, cacheName, refresh, close, closeOthers, closeAll, resetCacheAndRefresh }),
    [views, state.cached, cacheName, refresh, close, closeOthers, closeAll, resetCacheAndRefresh],
  );
  return <ViewsContext.Provider value={value}>{children}</ViewsContext.Provider>;
}
