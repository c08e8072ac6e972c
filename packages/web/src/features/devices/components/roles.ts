import type { Role } from '@safety-shield/contract';
import { useSelfInfo } from '../../auth/index.js';

/** Roles that choose a company themselves (a Company Admin always works in its own). */
const COMPANY_CHOOSERS: readonly Role[] = ['SUPER_ADMIN', 'AGENT_ADMIN'];
/** Roles that may make a company's provisioning key (API brief: Company Admin its own, wider roles any in scope). */
const PROVISIONERS: readonly Role[] = ['SUPER_ADMIN', 'AGENT_ADMIN', 'COMPANY_ADMIN'];
/** Roles that may bind, edit and delete devices (API brief; the super assistant only reads). */
const DEVICE_WRITERS: readonly Role[] = ['SUPER_ADMIN', 'AGENT_ADMIN', 'COMPANY_ADMIN', 'FLEET_ADMIN'];

/** What the signed-in user may do with devices; everything is false until the user info has loaded. */
export function useDevicePermissions() {
  const role = useSelfInfo().data?.baseInfo.role;
  const has = (allowed: readonly Role[]) => role !== undefined && allowed.includes(role);
  return {
    choosesCompany: has(COMPANY_CHOOSERS),
    provisions: has(PROVISIONERS),
    writes: has(DEVICE_WRITERS),
  };
}
