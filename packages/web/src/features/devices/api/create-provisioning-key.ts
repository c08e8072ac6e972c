import { api } from '../../../shared/http/api.js';
import { useRefreshingMutation } from '../../../shared/http/mutation.js';

/** Makes a new key; the old one stops opening the portal to devices it has not seen yet. */
export const createProvisioningKey = (companyId: number | undefined) =>
  api.device.newProvisioningKey(companyId === undefined ? {} : { companyId });

export const useCreateProvisioningKey = () => useRefreshingMutation(createProvisioningKey, [['devices', 'provisioning']]);
