import { accountManagers } from './api/account.js';
import { coachingReaders } from './endpoints/coaching.js';
import { adminRoles, fleetAdminsAndAbove, type Role, superAdminOnly } from './roles.js';

/**
 * The route table of SPEC section 2 (shape described in CONSOLE.md): `publicRoutes` and `mainRoutes`. It feeds the
 * server's role checks and the console's router, menu, breadcrumb, header search, tabs and guard; the console registers
 * its pages against the route names (`RouteName`), and a name without a page shows "later release".
 */
export interface RouteEntry {
  path: string;
  /** Unique; the tab and cache key. Routes without a name get no tab. */
  name?: string;
  /** i18n key of the title, under `route.` in the console's texts. */
  title?: string;
  icon?: string;
  /** Routes without roles are open to every console role. */
  roles?: readonly Role[];
  hidden?: boolean;
  affix?: boolean;
  noCache?: boolean;
  alwaysShow?: boolean;
  /**
   * Words a user would type to find the page in the header search (issue 29): keys under `routeWords.` in the console's
   * texts, each a comma-separated list of words in each language. A page hidden from the menu is offered by the search
   * when it has words (a page about one record, or a form reached from its list, has none).
   */
  keywords?: readonly string[];
  /** A path to go to instead, or 'noRedirect' for a breadcrumb entry without a link. */
  redirect?: string;
  activeMenu?: string;
  children?: readonly RouteEntry[];
}

const SUPER = superAdminOnly;
const SUPER_COMPANY: readonly Role[] = ['SUPER_ADMIN', 'COMPANY_ADMIN'];
const SUPER_AGENT: readonly Role[] = ['SUPER_ADMIN', 'AGENT_ADMIN'];
const ORG_ADMINS: readonly Role[] = ['SUPER_ADMIN', 'AGENT_ADMIN', 'COMPANY_ADMIN'];
const CLAUSE_READERS = fleetAdminsAndAbove;
const WITH_SITE = adminRoles;

/**
 * The screens outside the layout (SPEC section 2). The console registers a page per name (`packages/web/src/app/pages.ts`);
 * a name without one shows the "later release" page.
 */
const publicTable = [
  { path: '/login', name: 'Login', title: 'login' },
  { path: '/404', name: 'NotFound', title: 'notFound' },
  { path: '/maintenance', name: 'Maintenance', title: 'maintenance' },
  { path: '/1ncident', name: 'PublicIncidents', title: 'incidentList' },
  { path: '/auth-redirect', name: 'AuthRedirect', title: 'authRedirect' },
  { path: '/device/setting', name: 'DeviceLock', title: 'deviceLock' },
  // The guard's `/deviceLock` (SPEC section 2): the same page, where an installer's link leads (issue 18).
  { path: '/deviceLock', name: 'DeviceLockLink', title: 'deviceLock' },
  { path: '/401', name: 'Unauthorized', title: 'unauthorized' },
] as const satisfies readonly RouteEntry[];

/** Routes outside the layout, reachable without a session. */
export const publicRoutes: readonly RouteEntry[] = publicTable;
/** The public table as written, for the types derived from it (names, page paths). */
export type PublicTable = typeof publicTable;

/** Reachable without a session (SPEC section 2 and the guard's list, which also names `/deviceLock`). */
export const publicPaths: readonly string[] = publicTable.map((route) => route.path);

/** Routes inside the layout, as written (literal, so that their names make a type). */
const mainTable = [
  {
    path: '/',
    redirect: '/dashboard',
    children: [
      { path: 'dashboard', name: 'Dashboard', title: 'dashboard', icon: 'dashboard', affix: true, keywords: ['home', 'overview'] },
    ],
  },
  {
    path: '/event',
    redirect: '/event/list',
    title: 'incidents',
    icon: 'alert',
    alwaysShow: false,
    children: [
      { path: 'list', name: 'EventList', title: 'incidentList', icon: 'alert', keywords: ['incident', 'alarm', 'video', 'evidence'] },
      // Issue 19: the coaching queue, for those who may read it (docs/decisions.md, "Coaching").
      {
        path: 'coaching',
        name: 'CoachingQueue',
        title: 'coachingQueue',
        icon: 'user',
        roles: coachingReaders,
        keywords: ['coaching', 'driver', 'review'],
      },
      { path: 'tag/list', name: 'TagList', title: 'tag', hidden: true, roles: SUPER_COMPANY, keywords: ['tag'] },
      { path: 'recycleBin', name: 'RecycleBin', title: 'recycleBin', hidden: true, keywords: ['deleted'] },
      { path: ':eventId', name: 'EventDetail', title: 'incidentDetail', hidden: true, activeMenu: '/event/list' },
    ],
  },
  {
    path: '/vehicle',
    redirect: '/vehicle/list',
    title: 'vehicles',
    icon: 'car',
    children: [
      { path: 'list/:licensePlate?', name: 'VehicleList', title: 'vehicleList', icon: 'car', keywords: ['vehicle', 'plate', 'live'] },
      // Adding or changing a vehicle is for those who may write vehicles (issue 29: no page a role cannot use).
      { path: 'edit', name: 'VehicleEdit', title: 'vehicleEdit', hidden: true, activeMenu: '/vehicle/list', roles: fleetAdminsAndAbove },
    ],
  },
  {
    path: '/map',
    redirect: '/map/event',
    title: 'map',
    icon: 'map',
    roles: WITH_SITE,
    children: [
      { path: 'event', name: 'EventMap', title: 'incidentsMap', roles: WITH_SITE, keywords: ['map', 'location'] },
      { path: ':licensePlate', name: 'VehicleMap', title: 'vehicleMap', hidden: true, roles: WITH_SITE },
    ],
  },
  {
    path: '/dvr',
    hidden: true,
    roles: SUPER,
    children: [{ path: ':licensePlate', name: 'Dvr', title: 'dvr', roles: SUPER }],
  },
  {
    path: '/statistics',
    redirect: '/statistics/list',
    title: 'statistics',
    icon: 'chart',
    children: [
      { path: 'list', name: 'Statistics', title: 'dataAnalyst', roles: fleetAdminsAndAbove, keywords: ['statistics', 'chart', 'ranking'] },
      {
        path: 'report',
        name: 'Report',
        title: 'report',
        hidden: true,
        roles: fleetAdminsAndAbove,
        activeMenu: '/statistics/list',
        keywords: ['report', 'schedule', 'pdf', 'email'],
      },
    ],
  },
  {
    path: '/devicepage',
    redirect: '/devicepage/unMatched',
    title: 'devices',
    icon: 'device',
    children: [
      { path: 'unMatched', name: 'UnmatchedDevices', title: 'unmatchedDevices', keywords: ['device', 'bind', 'provisioning'] },
      { path: 'list', name: 'DeviceList', title: 'deviceList', roles: SUPER, keywords: ['device', 'camera', 'export'] },
      // Issue 29: the locks of the caller's scope inside the console (the public `/device/setting` is the installer's).
      { path: 'locks', name: 'DeviceLocks', title: 'deviceLocks', keywords: ['lock', 'installer', 'pin', 'tamper'] },
      { path: 'upgrade-list', name: 'UpgradeList', title: 'upgradeList', roles: SUPER, keywords: ['upgrade', 'firmware', 'version'] },
      // Issue 29: the firmware library in the menu, beside the upgrades (its path is SPEC's `/upgradeCollection/index`).
      {
        path: '/upgradeCollection/index',
        name: 'UpgradeCollection',
        title: 'upgradeCollection',
        roles: SUPER,
        keywords: ['firmware', 'package', 'upload', 'version'],
      },
      {
        path: 'maintenance',
        name: 'DeviceMaintenance',
        title: 'deviceMaintenance',
        roles: SUPER,
        keywords: ['maintenance', 'alert', 'fault'],
      },
      { path: 'taskManager', name: 'TaskManager', title: 'taskManager', hidden: true, keywords: ['task', 'configuration'] },
      // The campaigns' calls are the Super Admin's (firmwareApi).
      {
        path: 'upgradeManager',
        name: 'UpgradeManager',
        title: 'upgradeManager',
        hidden: true,
        roles: SUPER,
        keywords: ['upgrade', 'campaign', 'firmware'],
      },
      { path: 'thresholds', name: 'Thresholds', title: 'thresholds', hidden: true, roles: SUPER, keywords: ['threshold', 'sensitivity'] },
    ],
  },
  {
    path: '/device',
    hidden: true,
    children: [
      { path: 'monitor', name: 'DeviceMonitor', title: 'deviceMonitor', hidden: true, keywords: ['status', 'fault', 'signal'] },
      { path: 'configSetting', name: 'DeviceConfigSetting', title: 'deviceConfig', hidden: true },
      { path: 'detailPage', name: 'DeviceDetail', title: 'deviceDetail', hidden: true, keywords: ['device'] },
      { path: 'lineSummary', name: 'LineSummary', title: 'lineSummary', hidden: true, keywords: ['onlineTime', 'connection'] },
      { path: 'deviceConfigInfo', name: 'DeviceConfigInfo', title: 'deviceConfigInfo', hidden: true },
    ],
  },
  {
    path: '/org',
    redirect: 'noRedirect',
    title: 'organisations',
    icon: 'org',
    roles: ORG_ADMINS,
    children: [
      { path: 'agent/list', name: 'AgentList', title: 'areaSuppliers', roles: SUPER, keywords: ['agent', 'organisation'] },
      {
        path: 'company/list',
        name: 'CompanyList',
        title: 'companies',
        roles: SUPER_AGENT,
        keywords: ['company', 'customer', 'organisation'],
      },
      { path: 'fleet/list', name: 'FleetList', title: 'fleets', roles: ORG_ADMINS, keywords: ['fleet', 'organisation'] },
      { path: 'site/list', name: 'SiteList', title: 'site', roles: ORG_ADMINS, keywords: ['site', 'organisation'] },
    ],
  },
  {
    path: '/account',
    redirect: '/account/list',
    title: 'users',
    icon: 'user',
    children: [
      { path: 'list', name: 'AccountList', title: 'users', icon: 'user', keywords: ['user', 'account', 'password', 'role'] },
      // Adding and changing accounts is for those who manage them (issue 29: no page a role cannot use).
      { path: 'add', name: 'AccountAdd', title: 'accountAdd', hidden: true, activeMenu: '/account/list', roles: accountManagers },
      { path: 'edit', name: 'AccountEdit', title: 'accountEdit', hidden: true, activeMenu: '/account/list', roles: accountManagers },
    ],
  },
  {
    path: '/subscribe',
    redirect: '/subscribe/list',
    title: 'subscribe',
    icon: 'subscribe',
    roles: SUPER,
    children: [
      { path: 'list', name: 'SubscribeList', title: 'subscribe', roles: SUPER, keywords: ['subscription', 'licence'] },
      { path: 'usage', name: 'Usage', title: 'usage', roles: SUPER, keywords: ['usage', 'quota'] },
    ],
  },
  {
    path: '/self',
    hidden: true,
    children: [{ path: 'index', name: 'Self', title: 'profile', keywords: ['profile', 'password', 'language'] }],
  },
  {
    path: '/clause',
    hidden: true,
    title: 'terms',
    children: [
      { path: 'list', name: 'ClauseList', title: 'terms', roles: SUPER_AGENT, keywords: ['terms', 'privacy'] },
      { path: 'add', name: 'ClauseAdd', title: 'clauseAdd', roles: SUPER_AGENT },
      { path: 'edit', name: 'ClauseEdit', title: 'clauseEdit', roles: SUPER_AGENT },
      { path: 'state', name: 'ClauseState', title: 'clauseState', roles: CLAUSE_READERS, keywords: ['terms', 'acceptance'] },
      { path: 'log', name: 'ClauseLog', title: 'clauseLog', roles: CLAUSE_READERS, keywords: ['terms', 'history'] },
      { path: 'operationlog', name: 'ClauseOperationLog', title: 'clauseOperationLog', roles: SUPER, keywords: ['terms', 'audit'] },
    ],
  },
  { path: '/clauseInfo', hidden: true, redirect: '/clause/list' },
  {
    path: '/collection',
    hidden: true,
    children: [{ path: 'index', name: 'Collection', title: 'folder', keywords: ['runtimeLog', 'diagnostics'] }],
  },
  {
    path: '/system',
    redirect: 'noRedirect',
    title: 'systemSetting',
    icon: 'setting',
    children: [
      {
        path: 'companySetting',
        name: 'CompanySetting',
        title: 'companySetting',
        roles: ['COMPANY_ADMIN'],
        keywords: ['company', 'settings', 'terms'],
      },
      { path: 'log', name: 'SystemLog', title: 'log', roles: SUPER_AGENT, keywords: ['log', 'audit', 'history'] },
      { path: 'deviceLog', name: 'DeviceLog', title: 'deviceUpgradeLog', roles: SUPER, keywords: ['log', 'upgrade', 'firmware'] },
      {
        path: 'deviceOperatonLog',
        name: 'DeviceOperationLog',
        title: 'deviceOperationLog',
        roles: SUPER,
        keywords: ['log', 'device', 'audit'],
      },
    ],
  },
] as const satisfies readonly RouteEntry[];

/** Routes inside the layout. */
export const mainRoutes: readonly RouteEntry[] = mainTable;
/** The main table as written, for the types derived from it (names, page paths). */
export type MainTable = typeof mainTable;

/** The names in a route table, its children's included. */
type NamesIn<Table> = Table extends readonly (infer Entry)[] ? NamesOf<Entry> : never;
type NamesOf<Entry> =
  | (Entry extends { readonly name: infer Name extends string } ? Name : never)
  | (Entry extends { readonly children: infer Children } ? NamesIn<Children> : never);

/** The name of a page inside the layout: the tab and cache key. */
export type MainRouteName = NamesIn<MainTable>;
/** The name of a screen outside the layout. */
export type PublicRouteName = NamesIn<PublicTable>;
/** Every route name of the table: what the console registers its pages against. */
export type RouteName = MainRouteName | PublicRouteName;

/** SPEC section 6: a route passes when it has no roles or the effective role is among them. */
export function routeAllows(route: Pick<RouteEntry, 'roles'>, role: Role): boolean {
  return !route.roles || route.roles.includes(role);
}

/** Keeps the routes the role may see; a parent that fails drops its subtree (CONSOLE.md, route table). */
export function filterRoutes(routes: readonly RouteEntry[], role: Role): RouteEntry[] {
  return routes
    .filter((route) => routeAllows(route, role))
    .map((route) => (route.children ? { ...route, children: filterRoutes(route.children, role) } : route));
}

/** Joins a parent path and a child path the way the router does. */
export function joinPath(parent: string, child: string): string {
  if (child.startsWith('/')) return child;
  return `${parent.replace(/\/$/, '')}/${child}`;
}
