import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

/** Makes a new key; the old one stops opening the portal to devices it has not seen yet. */
export const createProvisioningKey = (companyId: number | undefined) =>
  api.device.newProvisioningKey(companyId === undefined ? {} : { companyId });

export function useCreateProvisioningKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProvisioningKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['devices', 'provisioning'] }),
  });
}
