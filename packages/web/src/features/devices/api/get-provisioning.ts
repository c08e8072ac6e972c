import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

export const provisioningQuery = (companyId: number | undefined) =>
  queryOptions({
    queryKey: ['devices', 'provisioning', companyId ?? 'own'],
    queryFn: () => api.device.provisioning({ companyId }),
  });

/**
 * Whether a company has a provisioning key. A Company Admin asks about its own company (no id);
 * wider roles must name one, so `enabled` waits until they have chosen.
 */
export const useProvisioning = (companyId: number | undefined, enabled: boolean) => useQuery({ ...provisioningQuery(companyId), enabled });
