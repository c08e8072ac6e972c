import { Type } from 'typebox';
import { MaintenanceState } from '../api/system.js';
import { endpoints } from '../endpoint.js';
import { superAdminOnly } from '../roles.js';

/** Maintenance mode (issue 4): anyone reads it (the maintenance page has no session), the Super Admin switches it. */
export const maintenanceApi = endpoints('system', {
  state: {
    method: 'GET',
    path: '/v1/system/maintenance',
    summary: 'Whether the portal is in maintenance, and the message to show',
    access: 'public',
    duringMaintenance: true,
    response: MaintenanceState,
  },
  setState: {
    method: 'PUT',
    path: '/v1/system/maintenance',
    summary: 'Switch maintenance mode on or off (Super Admin)',
    access: superAdminOnly,
    audit: 'system.maintenance',
    body: MaintenanceState,
  },
});

export const healthApi = endpoints('health', {
  releaseTime: {
    method: 'GET',
    path: '/health/getReleaseVersionTime',
    summary: 'Release time of the running build, as text',
    access: 'public',
    duringMaintenance: true,
    response: Type.String(),
  },
});
