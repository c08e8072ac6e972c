import { mainRoutes } from '@safety-shield/contract';
import { describe, expect, it } from 'vitest';
import { roleMayOpen, routeChain } from './route-access.js';

describe('route access by role', () => {
  it('finds the chain of entries to a path, parameters included', () => {
    expect(routeChain(mainRoutes, '/org/agent/list').map((route) => route.name ?? route.path)).toEqual(['/org', 'AgentList']);
    expect(routeChain(mainRoutes, '/vehicle/list/AB123').at(-1)?.name).toBe('VehicleList');
    expect(routeChain(mainRoutes, '/vehicle/list').at(-1)?.name).toBe('VehicleList');
    expect(routeChain(mainRoutes, '/dashboard').at(-1)?.name).toBe('Dashboard');
  });

  it('sends a Company Admin away from the agent list but lets it see fleets', () => {
    expect(roleMayOpen(mainRoutes, '/org/agent/list', 'COMPANY_ADMIN')).toBe(false);
    expect(roleMayOpen(mainRoutes, '/org/company/list', 'COMPANY_ADMIN')).toBe(false);
    expect(roleMayOpen(mainRoutes, '/org/fleet/list', 'COMPANY_ADMIN')).toBe(true);
    expect(roleMayOpen(mainRoutes, '/org/agent/list', 'SUPER_ADMIN')).toBe(true);
  });

  it('drops a subtree whose parent the role fails', () => {
    // /org allows only the three organisation admins, so a Fleet Admin sees none of it.
    expect(roleMayOpen(mainRoutes, '/org/fleet/list', 'FLEET_ADMIN')).toBe(false);
  });

  it('keeps the system log to Super and Agent Admins, and open routes open', () => {
    expect(roleMayOpen(mainRoutes, '/system/log', 'AGENT_ADMIN')).toBe(true);
    expect(roleMayOpen(mainRoutes, '/system/log', 'COMPANY_ADMIN')).toBe(false);
    expect(roleMayOpen(mainRoutes, '/self/index', 'SITE_ADMIN')).toBe(true);
    expect(roleMayOpen(mainRoutes, '/account/list', 'FLEET_ADMIN')).toBe(true);
  });
});
