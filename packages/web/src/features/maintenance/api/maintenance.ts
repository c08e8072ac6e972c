import type { MaintenanceState } from '@safety-shield/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

/** Public: the maintenance page reads it without a session. Silent: the page shows a failure itself. */
export const maintenanceQuery = () =>
  queryOptions({
    queryKey: ['maintenance'],
    queryFn: () => api.maintenance.state(undefined, { silent: true }),
  });

/** The maintenance state; `refetchInterval` polls it (the maintenance page checks every 30 s). */
export const useMaintenance = (refetchInterval?: number) => useQuery({ ...maintenanceQuery(), refetchInterval });

export const setMaintenance = (body: MaintenanceState) => api.maintenance.setState(body);

/** Super Admin only: switches maintenance mode on or off. */
export function useSetMaintenance() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setMaintenance,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['maintenance'] }),
  });
}
