import type { Role } from '@safety-shield/contract';
import { useSelfInfo } from '../../auth/index.js';

/** Events API brief: these roles review, comment, delete and restore; the others only read. */
const WRITERS: readonly Role[] = ['SUPER_ADMIN', 'AGENT_ADMIN', 'COMPANY_ADMIN', 'FLEET_ADMIN'];
/** The tag page (route table: Super Admin and Company Admin). */
const TAG_MANAGERS: readonly Role[] = ['SUPER_ADMIN', 'COMPANY_ADMIN'];
/** Roles that choose a company in the filters (a Company or Fleet Admin works in its own). */
const COMPANY_CHOOSERS: readonly Role[] = ['SUPER_ADMIN', 'SUPER_ASSISTANT', 'AGENT_ADMIN'];
/** Roles that choose a fleet in the filters. */
const FLEET_CHOOSERS: readonly Role[] = [...COMPANY_CHOOSERS, 'COMPANY_ADMIN'];

/** What the signed-in user may do with incidents; everything is false until the user info has loaded. */
export function useEventPermissions() {
  const info = useSelfInfo().data?.baseInfo;
  const role = info?.role;
  const has = (allowed: readonly Role[]) => role !== undefined && allowed.includes(role);
  return {
    writes: has(WRITERS),
    managesTags: has(TAG_MANAGERS),
    choosesCompany: has(COMPANY_CHOOSERS),
    choosesFleet: has(FLEET_CHOOSERS),
    /** Whose tags the tag page shows when no company is chosen (a Company Admin's own). */
    ownCompanyId: info?.companyId ?? undefined,
    isSuperAdmin: role === 'SUPER_ADMIN',
  };
}
