import { mainRoutes, type Role } from '@safety-shield/contract';
import { describe, expect, it } from 'vitest';
import { buildMenu } from './menu.js';
import { builtPages } from './pages.js';
import { rolePages } from './test-pages.js';
import { testRoutes as table } from './test-routes.js';

const all = new Set(['Dashboard', 'AgentList', 'FleetList', 'VehicleList', 'Self']);

describe('buildMenu', () => {
  it('draws a single child in its parent’s place, with the parent’s icon when it has none', () => {
    const menu = buildMenu(table, 'SUPER_ADMIN', all);
    expect(menu[0]).toEqual({ key: '/dashboard', titleKey: 'dashboard', icon: 'dashboard' });
    expect(menu[2]).toEqual({ key: '/vehicle/list', titleKey: 'vehicleList', icon: 'car' });
  });

  it('keeps a submenu when several children are visible', () => {
    const org = buildMenu(table, 'SUPER_ADMIN', all)[1];
    expect(org?.children?.map((child) => child.key)).toEqual(['/org/agent/list', '/org/fleet/list']);
  });

  it('drops children the role may not see, and a parent that fails drops its subtree', () => {
    expect(buildMenu(table, 'COMPANY_ADMIN', all)[1]).toEqual({ key: '/org/fleet/list', titleKey: 'fleets', icon: 'org' });
    expect(buildMenu(table, 'FLEET_ADMIN', all).map((node) => node.key)).toEqual(['/dashboard', '/vehicle/list']);
  });

  it('leaves out hidden routes and pages not built yet', () => {
    expect(buildMenu(table, 'SUPER_ADMIN', new Set(['Dashboard'])).map((node) => node.key)).toEqual(['/dashboard']);
  });

  it('builds from the real route table', () => {
    expect(buildMenu(mainRoutes, 'FLEET_ADMIN', new Set(['Dashboard']))).toEqual([
      { key: '/dashboard', titleKey: 'dashboard', icon: 'dashboard' },
    ]);
  });
});

describe('the menu of the pages built so far', () => {
  type Menu = ReturnType<typeof buildMenu>;
  const pages = (nodes: Menu): string[] => nodes.flatMap((node) => (node.children ? pages(node.children) : [node.key]));
  const sections = (nodes: Menu): string[] => nodes.flatMap((node) => (node.children ? [node.key, ...sections(node.children)] : []));

  it.each<[string, Role, string[]]>([
    [
      'offers a Company Admin incidents and their coaching queue, statistics, its devices and their locks, fleets and sites, users and its company setting, and no area suppliers, companies or system log',
      'COMPANY_ADMIN',
      ['/event', '/devicepage', '/org'],
    ],
    [
      'offers the Super Admin incidents and their coaching queue, statistics, the devices with their locks and the firmware library, every organisation list, subscriptions and the operation log, never the hidden pages',
      'SUPER_ADMIN',
      ['/event', '/devicepage', '/org', '/subscribe', '/system'],
    ],
  ])('%s', (_, role, menuSections) => {
    const menu = buildMenu(mainRoutes, role, builtPages);
    expect(pages(menu)).toEqual(rolePages[role]);
    expect(sections(menu)).toEqual(menuSections);
  });
});
