import type { RouteName } from '@safety-shield/contract';
import type { ComponentType } from 'react';

/** Loads a page's component when its route is first opened: every page's code is a chunk of its own. */
export type PageLoader = () => Promise<ComponentType>;

/** Pages by route name; the key must be a name of the contract's route table (`routes.ts`). */
export type PageRegistry = { readonly [Name in RouteName]?: PageLoader };

/**
 * The console's pages, each registered against its route NAME in the contract's route table: the router, the menu, the
 * header search and the "later release" page all follow from this list. A route without an entry here is not built yet
 * and says so. Path, roles, title, icon and menu place belong to the route table, not here.
 *
 * Import the module that holds the page, not a barrel that the entry bundle already loads (the login page's code would
 * land in it).
 */
export const pages = {
  // Outside the layout.
  Login: () => import('../features/auth/LoginPage.js').then((m) => m.LoginPage),
  NotFound: () => import('./pages/StatusPage.js').then((m) => m.NotFoundPage),
  Maintenance: () => import('../features/maintenance/MaintenancePage.js').then((m) => m.MaintenancePage),
  PublicIncidents: () => import('../features/public-incidents/index.js').then((m) => m.PublicIncidentsPage),
  AuthRedirect: () => import('../features/auth/AuthRedirectPage.js').then((m) => m.AuthRedirectPage),
  DeviceLock: () => import('../features/device-locks/DeviceLockPage.js').then((m) => m.DeviceLockPage),
  DeviceLockLink: () => import('../features/device-locks/DeviceLockPage.js').then((m) => m.DeviceLockPage),
  Unauthorized: () => import('./pages/StatusPage.js').then((m) => m.UnauthorizedPage),
  // Inside the layout, in the route table's order.
  Dashboard: () => import('../features/dashboard/DashboardPage.js').then((m) => m.DashboardPage),
  EventList: () => import('../features/incidents/index.js').then((m) => m.IncidentListPage),
  CoachingQueue: () => import('../features/coaching/CoachingQueuePage.js').then((m) => m.CoachingQueuePage),
  TagList: () => import('../features/incidents/index.js').then((m) => m.TagListPage),
  RecycleBin: () => import('../features/incidents/index.js').then((m) => m.RecycleBinPage),
  EventDetail: () => import('../features/incidents/index.js').then((m) => m.IncidentDetailPage),
  VehicleList: () => import('../features/vehicles/VehicleListPage.js').then((m) => m.VehicleListPage),
  VehicleEdit: () => import('../features/vehicles/VehicleEditPage.js').then((m) => m.VehicleEditPage),
  EventMap: () => import('../features/incident-map/index.js').then((m) => m.IncidentMapPage),
  VehicleMap: () => import('../features/vehicles/VehicleMapPage.js').then((m) => m.VehicleMapPage),
  Dvr: () => import('../features/dvr/index.js').then((m) => m.DvrPage),
  Statistics: () => import('../features/statistics/StatisticsPage.js').then((m) => m.StatisticsPage),
  Report: () => import('../features/reports/ReportPage.js').then((m) => m.ReportPage),
  UnmatchedDevices: () => import('../features/devices/index.js').then((m) => m.UnmatchedDevicesPage),
  DeviceList: () => import('../features/devices/index.js').then((m) => m.DeviceListPage),
  DeviceLocks: () => import('../features/device-locks/DeviceLocksPage.js').then((m) => m.DeviceLocksPage),
  UpgradeList: () => import('../features/firmware/UpgradeListPage.js').then((m) => m.UpgradeListPage),
  UpgradeCollection: () => import('../features/firmware/UpgradeCollectionPage.js').then((m) => m.UpgradeCollectionPage),
  DeviceMaintenance: () => import('../features/device-alerts/DeviceAlertsPage.js').then((m) => m.DeviceAlertsPage),
  TaskManager: () => import('../features/device-tasks/TaskManagerPage.js').then((m) => m.TaskManagerPage),
  UpgradeManager: () => import('../features/firmware/UpgradeManagerPage.js').then((m) => m.UpgradeManagerPage),
  Thresholds: () => import('../features/device-config/ThresholdsPage.js').then((m) => m.ThresholdsPage),
  DeviceMonitor: () => import('../features/device-monitor/DeviceMonitorPage.js').then((m) => m.DeviceMonitorPage),
  DeviceConfigSetting: () => import('../features/device-config/index.js').then((m) => m.ConfigSettingPage),
  DeviceDetail: () => import('../features/device-detail/DeviceDetailPage.js').then((m) => m.DeviceDetailPage),
  LineSummary: () => import('../features/line-summary/LineSummaryPage.js').then((m) => m.LineSummaryPage),
  DeviceConfigInfo: () => import('../features/device-config/index.js').then((m) => m.ConfigInfoPage),
  AgentList: () => import('../features/orgs/OrgListPage.js').then((m) => m.AgentListPage),
  CompanyList: () => import('../features/orgs/OrgListPage.js').then((m) => m.CompanyListPage),
  FleetList: () => import('../features/orgs/OrgListPage.js').then((m) => m.FleetListPage),
  SiteList: () => import('../features/orgs/OrgListPage.js').then((m) => m.SiteListPage),
  AccountList: () => import('../features/accounts/AccountListPage.js').then((m) => m.AccountListPage),
  AccountAdd: () => import('../features/accounts/AccountAddPage.js').then((m) => m.AccountAddPage),
  AccountEdit: () => import('../features/accounts/AccountEditPage.js').then((m) => m.AccountEditPage),
  SubscribeList: () => import('../features/subscriptions/index.js').then((m) => m.SubscriptionListPage),
  Usage: () => import('../features/subscriptions/index.js').then((m) => m.UsagePage),
  Self: () => import('../features/self/SelfPage.js').then((m) => m.SelfPage),
  ClauseList: () => import('../features/clauses/index.js').then((m) => m.ClauseListPage),
  ClauseAdd: () => import('../features/clauses/index.js').then((m) => m.ClauseAddPage),
  ClauseEdit: () => import('../features/clauses/index.js').then((m) => m.ClauseEditPage),
  ClauseState: () => import('../features/clauses/index.js').then((m) => m.ClauseStatePage),
  ClauseLog: () => import('../features/clauses/index.js').then((m) => m.ClauseLogPage),
  ClauseOperationLog: () => import('../features/clauses/index.js').then((m) => m.ClauseOperationLogPage),
  Collection: () => import('../features/runtime-logs/CollectionPage.js').then((m) => m.CollectionPage),
  CompanySetting: () => import('../features/company/CompanySettingPage.js').then((m) => m.CompanySettingPage),
  SystemLog: () => import('../features/logs/SystemLogPage.js').then((m) => m.SystemLogPage),
  DeviceLog: () => import('../features/firmware/UpgradeLogPage.js').then((m) => m.UpgradeLogPage),
  DeviceOperationLog: () => import('../features/logs/DeviceOperationLogPage.js').then((m) => m.DeviceOperationLogPage),
} satisfies PageRegistry;

/** The names of the pages built so far: the menu and the header search offer only these. */
export const builtPages: ReadonlySet<string> = new Set(Object.keys(pages));
