import type { MaintenanceState } from '@safety-shield/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';
import { useRefreshingMutation } from '../../../shared/http/mutation.js';

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
export const useSetMaintenance = () => useRefreshingMutation(setMaintenance, [['maintenance']]);
