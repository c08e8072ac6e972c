import { describe, expect, it } from 'vitest';
import { canManageVehicles, orgLevelsFor } from './permissions.js';

describe('vehicle permissions', () => {
  it('lets the four admin roles above the site change vehicles, and no one else', () => {
    expect(['SUPER_ADMIN', 'AGENT_ADMIN', 'COMPANY_ADMIN', 'FLEET_ADMIN'].every((role) => canManageVehicles(role as never))).toBe(true);
    expect(canManageVehicles('SITE_ADMIN')).toBe(false);
    expect(canManageVehicles('SUPER_ASSISTANT')).toBe(false);
    expect(canManageVehicles(undefined)).toBe(false);
  });

  it('offers each role the organisation levels below its own, down to the fleet', () => {
    expect(orgLevelsFor('SUPER_ADMIN')).toEqual(['agent', 'company', 'fleet']);
    expect(orgLevelsFor('AGENT_ADMIN')).toEqual(['company', 'fleet']);
    expect(orgLevelsFor('COMPANY_ADMIN')).toEqual(['fleet']);
    expect(orgLevelsFor('FLEET_ADMIN')).toEqual([]);
  });
});
