import { mainRoutes } from '@safety-shield/contract';
import { describe, expect, it } from 'vitest';
import {
  affixViews,
  afterClosing,
  initialViews,
  MAX_CACHED_VIEWS,
  type ViewsState,
  type VisitedView,
  viewOf,
  viewsReducer,
} from './visited-views.js';

const dashboard: VisitedView = { path: '/dashboard', fullPath: '/dashboard', name: 'Dashboard', titleKey: 'dashboard', affix: true };
const view = (name: string, path = `/${name.toLowerCase()}`): VisitedView => ({ path, fullPath: path, name, titleKey: name });
const visit = (state: ViewsState, entry: VisitedView, cache = true) => viewsReducer(state, { type: 'visit', view: entry, cache });
const paths = (state: ViewsState) => state.views.map((entry) => entry.fullPath);

describe('the tab list', () => {
  it('starts with the affixed dashboard of the real route table', () => {
    expect(affixViews(mainRoutes, 'FLEET_ADMIN')).toEqual([dashboard]);
  });

  it('adds a tab per path and updates it when only the query changes', () => {
    let state = visit(initialViews([dashboard]), view('AccountList', '/account/list'));
    state = visit(state, { ...view('AccountList', '/account/list'), fullPath: '/account/list?username=bo' });
    expect(paths(state)).toEqual(['/dashboard', '/account/list?username=bo']);
  });

  it('knows the tab of a path from the route table, and none for a route without a name', () => {
    expect(viewOf(mainRoutes, '/account/list', '?page=2')).toEqual({
      path: '/account/list',
      fullPath: '/account/list?page=2',
      name: 'AccountList',
      titleKey: 'users',
      noCache: false,
    });
    expect(viewOf(mainRoutes, '/redirect/account/list')).toBeUndefined();
  });

  it('closes a tab with its cached view, but never an affixed one', () => {
    let state = visit(initialViews([dashboard]), view('SystemLog'));
    state = viewsReducer(state, { type: 'close', path: '/systemlog' });
    expect(state).toEqual({ views: [dashboard], cached: [] });
    expect(viewsReducer(state, { type: 'close', path: '/dashboard' }).views).toEqual([dashboard]);
  });

  it('closes the others, keeping the affixed tabs and the chosen one', () => {
    let state = initialViews([dashboard]);
    for (const name of ['A', 'B', 'C']) state = visit(state, view(name));
    state = viewsReducer(state, { type: 'closeOthers', path: '/b' });
    expect(paths(state)).toEqual(['/dashboard', '/b']);
    expect(state.cached).toEqual(['B']);
  });

  it('closes all but the affixed tabs and forgets every cached view', () => {
    let state = initialViews([dashboard]);
    for (const name of ['A', 'B']) state = visit(state, view(name));
    expect(viewsReducer(state, { type: 'closeAll' })).toEqual({ views: [dashboard], cached: [] });
  });

  it('keeps at most 10 views alive, evicting the least recently used', () => {
    let state = initialViews([dashboard]);
    for (let i = 0; i < MAX_CACHED_VIEWS; i++) state = visit(state, view(`V${i}`));
    state = visit(state, view('V0')); // V0 used again: V1 is now the oldest
    state = visit(state, view('New'));
    expect(state.cached).toHaveLength(MAX_CACHED_VIEWS);
    expect(state.cached).not.toContain('V1');
    expect(state.cached.slice(-2)).toEqual(['V0', 'New']);
    expect(state.views).toHaveLength(MAX_CACHED_VIEWS + 2); // the tabs themselves stay
  });

  it('does not cache a view it is told not to, and drops one on refresh', () => {
    let state = visit(initialViews([dashboard]), view('A'), false);
    expect(state.cached).toEqual([]);
    state = visit(state, view('B'));
    expect(viewsReducer(state, { type: 'uncache', name: 'B' }).cached).toEqual([]);
    expect(viewsReducer(state, { type: 'clearCache' }).views).toEqual(state.views);
  });
});

describe('after closing the active tab', () => {
  it('goes to the last tab', () => {
    expect(afterClosing([dashboard, view('A')], view('B'))).toEqual({ to: '/a', refresh: false });
  });

  it('goes home with no tab left, and refreshes the dashboard when that was the one closed', () => {
    expect(afterClosing([], view('A'))).toEqual({ to: '/', refresh: false });
    expect(afterClosing([], { ...dashboard, affix: false })).toEqual({ to: '/dashboard', refresh: true });
  });
});
