import type { ProvisioningKey } from '@safety-shield/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/http/client.js';

/** Makes a new key; the old one stops opening the portal to devices it has not seen yet. */
export const createProvisioningKey = (companyId: number | undefined) =>
  http.post<ProvisioningKey>('/v1/device/provisioning', companyId === undefined ? {} : { companyId });

export function useCreateProvisioningKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProvisioningKey,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['devices', 'provisioning'] }),
  });
}
