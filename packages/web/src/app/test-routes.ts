import type { RouteEntry } from '@safety-shield/contract';

/**
 * A small route table for the menu and header search tests: a single-child section, a section only two roles may see
 * (one of its children only the Super Admin), a 'noRedirect' section, a hidden child, a page with a parameter and keywords, a hidden section.
 */
export const testRoutes: RouteEntry[] = [
  { path: '/', redirect: '/dashboard', children: [{ path: 'dashboard', name: 'Dashboard', title: 'dashboard', icon: 'dashboard' }] },
  {
    path: '/org',
    redirect: 'noRedirect',
    title: 'organisations',
    icon: 'org',
    roles: ['SUPER_ADMIN', 'COMPANY_ADMIN'],
    children: [
      { path: 'agent/list', name: 'AgentList', title: 'areaSuppliers', roles: ['SUPER_ADMIN'] },
      { path: 'fleet/list', name: 'FleetList', title: 'fleets' },
    ],
  },
  {
    path: '/account',
    redirect: '/account/list',
    title: 'users',
    children: [
      { path: 'list', name: 'AccountList', title: 'users' },
      { path: 'add', name: 'AccountAdd', title: 'accountAdd', hidden: true },
    ],
  },
  {
    path: '/vehicle',
    title: 'vehicles',
    icon: 'car',
    children: [{ path: 'list/:licensePlate?', name: 'VehicleList', title: 'vehicleList', keywords: ['vehicle'] }],
  },
  { path: '/self', hidden: true, children: [{ path: 'index', name: 'Self', title: 'profile' }] },
];
