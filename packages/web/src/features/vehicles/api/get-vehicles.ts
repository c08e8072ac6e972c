import type { Page, VehicleListQuery, VehicleRecord } from '@safety-shield/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http/client.js';

export const vehiclesQuery = (params: VehicleListQuery) =>
  queryOptions({
    queryKey: ['vehicles', 'list', params],
    queryFn: () => http.get<Page<VehicleRecord>>('/v1/vehicle/list', { ...params }),
  });

/** The vehicles in the caller's scope; the previous page stays on screen while the next one loads. */
export const useVehicles = (params: VehicleListQuery) => useQuery({ ...vehiclesQuery(params), placeholderData: keepPreviousData });
