import { eventApi, evidenceRequestApi, type Role, shareApi } from '@safety-shield/contract';
import { useCan, useSelfInfo } from '../../auth/index.js';

/**
 * Roles that choose a company in the filters (a Company or Fleet Admin works in its own). The organisation levels
 * above a role's own, not a call's access: no declaration says this.
 */
const COMPANY_CHOOSERS: readonly Role[] = ['SUPER_ADMIN', 'SUPER_ASSISTANT', 'AGENT_ADMIN'];
/** Roles that choose a fleet in the filters. */
const FLEET_CHOOSERS: readonly Role[] = [...COMPANY_CHOOSERS, 'COMPANY_ADMIN'];

/** What the signed-in user may do with incidents; everything is false until the user info has loaded. */
export function useIncidentPermissions() {
  const info = useSelfInfo().data?.baseInfo;
  const can = useCan();
  const role = info?.role;
  const has = (allowed: readonly Role[]) => role !== undefined && allowed.includes(role);
  return {
    /** Review, comment, bin and restore: the server's rule for the incident writes. */
    writes: can(eventApi.review),
    /** Share links for incidents. */
    shares: can(shareApi.create),
    /** Ask devices for the evidence they still hold. */
    asksEvidence: can(evidenceRequestApi.batchVideos),
    /** Who viewed or downloaded the incident's evidence. */
    auditsEvidence: can(eventApi.accessList),
    /** The tag page (route table: Super Admin and Company Admin). */
    managesTags: can(eventApi.tagList),
    choosesCompany: has(COMPANY_CHOOSERS),
    choosesFleet: has(FLEET_CHOOSERS),
    /** Whose tags the tag page shows when no company is chosen (a Company Admin's own). */
    ownCompanyId: info?.companyId ?? undefined,
    isSuperAdmin: role === 'SUPER_ADMIN',
  };
}
