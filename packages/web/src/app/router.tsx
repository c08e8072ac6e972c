import { mainRoutes } from '@safety-shield/contract';
import { createBrowserRouter, redirect } from 'react-router';
import { guardEveryNavigation, redirectIfSignedIn, requireSession } from './guard.js';
import { implementedPages } from './implemented-pages.js';
import { laterRoutes, sectionRedirects } from './later-routes.js';
import { RouteError } from './RouteError.js';

/** What each route shows in its tab, title and breadcrumb: the i18n key under `route.`. */
export interface RouteHandle {
  title: string;
}

const orgs = () => import('../features/orgs/OrgListPage.js');
const comingSoon = async () => ({ Component: (await import('./pages/ComingSoonPage.js')).ComingSoonPage });
const clauses = () => import('../features/clauses/index.js');
const subscriptions = () => import('../features/subscriptions/index.js');
const devices = () => import('../features/devices/index.js');
const vehicles = () => import('../features/vehicles/index.js');
const events = () => import('../features/events/index.js');

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
    path: '/maintenance',
    lazy: async () => ({ Component: (await import('../features/maintenance/MaintenancePage.js')).MaintenancePage }),
    handle: { title: 'maintenance' } satisfies RouteHandle,
  },
  {
    path: '/1ncident',
    lazy: async () => ({ Component: (await import('../features/public-incidents/index.js')).PublicIncidentsPage }),
    handle: { title: 'incidentList' } satisfies RouteHandle,
  },
  // Public screens of later releases (SPEC section 2).
  ...[
    { path: '/auth-redirect', title: 'authRedirect' },
    { path: '/device/setting', title: 'deviceLock' },
  ].map(({ path, title }) => ({ path, lazy: comingSoon, handle: { title } satisfies RouteHandle })),
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
        path: 'redirect/*',
        lazy: async () => ({ Component: (await import('./tabs/RedirectPage.js')).RedirectPage }),
      },
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
      {
        path: 'system/companySetting',
        lazy: async () => ({ Component: (await import('../features/company/CompanySettingPage.js')).CompanySettingPage }),
        handle: { title: 'companySetting' } satisfies RouteHandle,
      },
      {
        path: 'clause/list',
        lazy: async () => ({ Component: (await clauses()).ClauseListPage }),
        handle: { title: 'terms' } satisfies RouteHandle,
      },
      {
        path: 'clause/add',
        lazy: async () => ({ Component: (await clauses()).ClauseAddPage }),
        handle: { title: 'clauseAdd' } satisfies RouteHandle,
      },
      {
        path: 'clause/edit',
        lazy: async () => ({ Component: (await clauses()).ClauseEditPage }),
        handle: { title: 'clauseEdit' } satisfies RouteHandle,
      },
      {
        path: 'clause/state',
        lazy: async () => ({ Component: (await clauses()).ClauseStatePage }),
        handle: { title: 'clauseState' } satisfies RouteHandle,
      },
      {
        path: 'clause/log',
        lazy: async () => ({ Component: (await clauses()).ClauseLogPage }),
        handle: { title: 'clauseLog' } satisfies RouteHandle,
      },
      {
        path: 'clause/operationlog',
        lazy: async () => ({ Component: (await clauses()).ClauseOperationLogPage }),
        handle: { title: 'clauseOperationLog' } satisfies RouteHandle,
      },
      {
        path: 'subscribe/list',
        lazy: async () => ({ Component: (await subscriptions()).SubscriptionListPage }),
        handle: { title: 'subscribe' } satisfies RouteHandle,
      },
      {
        path: 'subscribe/usage',
        lazy: async () => ({ Component: (await subscriptions()).UsagePage }),
        handle: { title: 'usage' } satisfies RouteHandle,
      },
      {
        path: 'devicepage/unMatched',
        lazy: async () => ({ Component: (await devices()).UnmatchedDevicesPage }),
        handle: { title: 'unmatchedDevices' } satisfies RouteHandle,
      },
      {
        path: 'devicepage/list',
        lazy: async () => ({ Component: (await devices()).DeviceListPage }),
        handle: { title: 'deviceList' } satisfies RouteHandle,
      },
      {
        path: 'devicepage/maintenance',
        lazy: async () => ({ Component: (await import('../features/device-alerts/index.js')).DeviceAlertsPage }),
        handle: { title: 'deviceMaintenance' } satisfies RouteHandle,
      },
      {
        path: 'event/list',
        lazy: async () => ({ Component: (await events()).EventListPage }),
        handle: { title: 'incidentList' } satisfies RouteHandle,
      },
      {
        path: 'event/recycleBin',
        lazy: async () => ({ Component: (await events()).RecycleBinPage }),
        handle: { title: 'recycleBin' } satisfies RouteHandle,
      },
      {
        path: 'event/tag/list',
        lazy: async () => ({ Component: (await events()).TagListPage }),
        handle: { title: 'tag' } satisfies RouteHandle,
      },
      {
        path: 'event/:eventId',
        lazy: async () => ({ Component: (await events()).EventDetailPage }),
        handle: { title: 'incidentDetail' } satisfies RouteHandle,
      },
      {
        path: 'vehicle/list/:licensePlate?',
        lazy: async () => ({ Component: (await vehicles()).VehicleListPage }),
        handle: { title: 'vehicleList' } satisfies RouteHandle,
      },
      {
        path: 'vehicle/edit',
        lazy: async () => ({ Component: (await vehicles()).VehicleEditPage }),
        handle: { title: 'vehicleEdit' } satisfies RouteHandle,
      },
      {
        path: 'map/event',
        lazy: async () => ({ Component: (await import('../features/event-map/index.js')).EventMapPage }),
        handle: { title: 'incidentsMap' } satisfies RouteHandle,
      },
      {
        path: 'dvr/:licensePlate',
        lazy: async () => ({ Component: (await import('../features/dvr/index.js')).DvrPage }),
        handle: { title: 'dvr' } satisfies RouteHandle,
      },
      {
        path: 'map/:licensePlate',
        lazy: async () => ({ Component: (await vehicles()).VehicleMapPage }),
        handle: { title: 'vehicleMap' } satisfies RouteHandle,
      },
      // The rest of the route table: pages of later releases say so, bare section paths go to their first page.
      ...laterRoutes(mainRoutes, implementedPages).map(({ path, title }) => ({
        path,
        lazy: comingSoon,
        handle: { title } satisfies RouteHandle,
      })),
      ...sectionRedirects(mainRoutes).map(({ path, to }) => ({ path, loader: () => redirect(to) })),
    ],
  },
  { path: '*', loader: () => redirect('/404') },
]);
