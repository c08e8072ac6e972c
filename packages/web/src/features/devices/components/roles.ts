import { canCall, deviceApi, jt808TerminalApi, type Role } from '@safety-shield/contract';
import { useSelfInfo } from '../../auth/index.js';

/** Roles that choose a company themselves (a Company Admin always works in its own): a scope rule, not an endpoint's. */
const COMPANY_CHOOSERS: readonly Role[] = ['SUPER_ADMIN', 'AGENT_ADMIN'];

/** What the signed-in user may do with devices: the server's rules from the contract; all false until the user info has loaded. */
export function useDevicePermissions() {
  const role = useSelfInfo().data?.baseInfo.role;
  return {
    choosesCompany: role !== undefined && COMPANY_CHOOSERS.includes(role),
    /** Make a company's provisioning key. */
    provisions: canCall(role, deviceApi.newProvisioningKey),
    /** List JT/T 808 terminals in advance (the same roles as the key: both let a company's new devices in). */
    listsTerminals: canCall(role, jt808TerminalApi.add),
    /** Bind, edit and delete devices (the super assistant only reads). */
    writes: canCall(role, deviceApi.update),
  };
}
