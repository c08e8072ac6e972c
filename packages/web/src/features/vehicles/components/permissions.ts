import type { OrgKind, Role } from '@safety-shield/contract';

/** The API's write roles for vehicles (api-brief): everyone else (Site Admin, super assistants) only reads. */
const MANAGERS: readonly Role[] = ['SUPER_ADMIN', 'AGENT_ADMIN', 'COMPANY_ADMIN', 'FLEET_ADMIN'];

export const canManageVehicles = (role: Role | undefined) => role !== undefined && MANAGERS.includes(role);

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
