import { createBrowserRouter, redirect } from 'react-router';
import { redirectIfSignedIn, requireSession } from './guard.js';
import { RouteError } from './RouteError.js';

/** What each route shows in its tab, title and breadcrumb: the i18n key under `route.`. */
export interface RouteHandle {
  title: string;
}

/** The pages built so far, by route name of the contract's route table; the menu shows only these. */
export const implementedPages: ReadonlySet<string> = new Set(['Dashboard']);

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
    lazy: async () => ({ Component: (await import('./layout/Layout.js')).Layout }),
    errorElement: <RouteError />,
    children: [
      { index: true, loader: () => redirect('/dashboard') },
      {
        path: 'dashboard',
        lazy: async () => ({ Component: (await import('../features/dashboard/DashboardPage.js')).DashboardPage }),
        handle: { title: 'dashboard' } satisfies RouteHandle,
      },
    ],
  },
  { path: '*', loader: () => redirect('/404') },
]);
