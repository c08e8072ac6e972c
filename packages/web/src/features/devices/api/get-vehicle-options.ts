import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

/** How many vehicles the bind dialog offers at once; typing narrows them on the server. */
const OPTIONS_LIMIT = 20;

export const vehicleOptionsQuery = (keyword: string) =>
  queryOptions({
    queryKey: ['vehicles', 'options', keyword],
    queryFn: () => api.vehicle.options({ keyword, limit: OPTIONS_LIMIT }),
    staleTime: 10_000,
  });

/** The vehicles the caller may bind a device to, by part of the plate, with their device counts. */
export const useVehicleOptions = (keyword: string, enabled: boolean) =>
  useQuery({ ...vehicleOptionsQuery(keyword), enabled, placeholderData: keepPreviousData });
