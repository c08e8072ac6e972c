import { createBrowserRouter, redirect } from 'react-router';
import { guardEveryNavigation, redirectIfSignedIn, requireSession } from './guard.js';
import { RouteError } from './RouteError.js';

/** What each route shows in its tab, title and breadcrumb: the i18n key under `route.`. */
export interface RouteHandle {
  title: string;
}

const orgs = () => import('../features/orgs/OrgListPage.js');

export const router = createBrowserRouter([
  {
    path: '/login',
    loader: redirectIfSignedIn,
    lazy: async () => ({ Component: (await import('../features/auth/LoginPage.js')).LoginPage }),
    handle: { title: 'login' } satisfies RouteHandle,
  },
  {
    path: '/404',
    lazy: async () => ({ Component: (await import('./pages/StatusPage.js')).NotFoundPage }),
  },
  {
    path: '/401',
    lazy: async () => ({ Component: (await import('./pages/StatusPage.js')).UnauthorizedPage }),
  },
  {
    path: '/',
    loader: requireSession,
    shouldRevalidate: guardEveryNavigation,
    lazy: async () => ({ Component: (await import('./layout/Layout.js')).Layout }),
    errorElement: <RouteError />,
    children: [
      { index: true, loader: () => redirect('/dashboard') },
      {
        path: 'dashboard',
        lazy: async () => ({ Component: (await import('../features/dashboard/DashboardPage.js')).DashboardPage }),
        handle: { title: 'dashboard' } satisfies RouteHandle,
      },
      {
        path: 'org/agent/list',
        lazy: async () => ({ Component: (await orgs()).AgentListPage }),
        handle: { title: 'areaSuppliers' } satisfies RouteHandle,
      },
      {
        path: 'org/company/list',
        lazy: async () => ({ Component: (await orgs()).CompanyListPage }),
        handle: { title: 'companies' } satisfies RouteHandle,
      },
      {
        path: 'org/fleet/list',
        lazy: async () => ({ Component: (await orgs()).FleetListPage }),
        handle: { title: 'fleets' } satisfies RouteHandle,
      },
      {
        path: 'org/site/list',
        lazy: async () => ({ Component: (await orgs()).SiteListPage }),
        handle: { title: 'site' } satisfies RouteHandle,
      },
      {
        path: 'account/list',
        lazy: async () => ({ Component: (await import('../features/accounts/AccountListPage.js')).AccountListPage }),
        handle: { title: 'users' } satisfies RouteHandle,
      },
      {
        path: 'account/add',
        lazy: async () => ({ Component: (await import('../features/accounts/AccountAddPage.js')).AccountAddPage }),
        handle: { title: 'accountAdd' } satisfies RouteHandle,
      },
      {
        path: 'account/edit',
        lazy: async () => ({ Component: (await import('../features/accounts/AccountEditPage.js')).AccountEditPage }),
        handle: { title: 'accountEdit' } satisfies RouteHandle,
      },
      {
        path: 'self/index',
        lazy: async () => ({ Component: (await import('../features/self/SelfPage.js')).SelfPage }),
        handle: { title: 'profile' } satisfies RouteHandle,
      },
      {
        path: 'system/log',
        lazy: async () => ({ Component: (await import('../features/logs/SystemLogPage.js')).SystemLogPage }),
        handle: { title: 'log' } satisfies RouteHandle,
      },
    ],
  },
  { path: '*', loader: () => redirect('/404') },
]);
