import { canCall, type OrgKind, type Role, vehicleApi } from '@safety-shield/contract';

/** Who may edit vehicles: the server's rule for the write endpoints (Site Admin and super assistants only read). */
export const canManageVehicles = (role: Role | undefined) => canCall(role, vehicleApi.update);

/** The organisation levels a role chooses among, from its own level down to the fleet (a Fleet Admin has its fleet). */
export function orgLevelsFor(role: Role | undefined): Extract<OrgKind, 'agent' | 'company' | 'fleet'>[] {
  switch (role) {
    case 'SUPER_ADMIN':
    case 'SUPER_ASSISTANT':
      return ['agent', 'company', 'fleet'];
    case 'AGENT_ADMIN':
      return ['company', 'fleet'];
    case 'COMPANY_ADMIN':
      return ['fleet'];
    default:
      return [];
  }
}
