import type { VehicleListQuery } from '@safety-shield/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

export const vehiclesQuery = (params: VehicleListQuery) =>
  queryOptions({
    queryKey: ['vehicles', 'list', params],
    queryFn: () => api.vehicle.list(params),
  });

/** The vehicles in the caller's scope; the previous page stays on screen while the next one loads. */
export const useVehicles = (params: VehicleListQuery) => useQuery({ ...vehiclesQuery(params), placeholderData: keepPreviousData });
