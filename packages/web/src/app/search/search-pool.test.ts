import { mainRoutes } from '@safety-shield/contract';
import { describe, expect, it } from 'vitest';
import { builtPages } from '../pages.js';
import { rolePages } from '../test-pages.js';
import { testRoutes as table } from '../test-routes.js';
import { searchIndex, searchPages, searchPool } from './search-pool.js';

const built = new Set(['Dashboard', 'AgentList', 'FleetList', 'AccountList', 'AccountAdd', 'VehicleList']);
const english: Record<string, string> = {
  dashboard: 'Dashboard',
  organisations: 'Organisations',
  areaSuppliers: 'Area suppliers',
  fleets: 'Fleets',
  users: 'Users',
  vehicles: 'Vehicles',
  vehicleList: 'Vehicle list',
};
const swedish: Record<string, string> = { ...english, organisations: 'Organisationer', fleets: 'Flottor' };

describe('the header search pool', () => {
  it('titles each page with its breadcrumb, leaving out hidden pages and noRedirect sections', () => {
    expect(searchPool(table, 'SUPER_ADMIN', built, (key) => english[key] ?? key)).toEqual([
      { path: '/dashboard', title: 'Dashboard' },
      { path: '/org/agent/list', title: 'Organisations > Area suppliers' },
      { path: '/org/fleet/list', title: 'Organisations > Fleets' },
      { path: '/account/list', title: 'Users' },
      { path: '/vehicle/list', title: 'Vehicles > Vehicle list' },
    ]);
  });

  it('offers only what the role may open, and only pages that exist', () => {
    const paths = searchPool(table, 'FLEET_ADMIN', new Set(['Dashboard', 'AccountList']), (key) => key).map((entry) => entry.path);
    expect(paths).toEqual(['/dashboard', '/account/list']);
  });

  it('is built in the language given', () => {
    const pool = searchPool(table, 'COMPANY_ADMIN', built, (key) => swedish[key] ?? key);
    expect(pool).toContainEqual({ path: '/org/fleet/list', title: 'Organisationer > Flottor' });
  });

  it('finds pages by a fuzzy title or path, best first, and nothing for an empty query', () => {
    const index = searchIndex(searchPool(table, 'SUPER_ADMIN', built, (key) => english[key] ?? key));
    expect(searchPages(index, 'fleet')[0]?.path).toBe('/org/fleet/list');
    expect(searchPages(index, 'Flets')[0]?.path).toBe('/org/fleet/list');
    expect(searchPages(index, 'vehicle/list')[0]?.path).toBe('/vehicle/list');
    expect(searchPages(index, '  ')).toEqual([]);
    expect(searchPages(index, 'qqqqzzzz')).toEqual([]);
  });

  it('covers the Super Admin’s built pages of the real route table', () => {
    const paths = searchPool(mainRoutes, 'SUPER_ADMIN', builtPages, (key) => key).map((entry) => entry.path);
    expect(paths).toEqual(rolePages.SUPER_ADMIN);
  });
});
