import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

/** One vehicle by id (the list's record and edit) or by plate (the console's paths carry plates). */
export type VehicleKey = { id: number } | { licensePlate: string };

export const vehicleQuery = (key: VehicleKey) =>
  queryOptions({
    queryKey: ['vehicles', 'one', key],
    queryFn: () => api.vehicle.info(key),
  });

/** A vehicle with its devices and e-mails; nothing is asked while `key` is undefined. */
export const useVehicle = (key: VehicleKey | undefined) => useQuery({ ...vehicleQuery(key ?? { id: 0 }), enabled: key !== undefined });

/**
 * Whether the vehicle with this plate has a connected device: undefined until known; asked again every 10 s while
 * it has none, so a page waiting for the device goes on by itself once it connects.
 */
export function useVehicleConnection(licensePlate: string | undefined): boolean | undefined {
  const { data } = useQuery({
    ...vehicleQuery({ licensePlate: licensePlate ?? '' }),
    enabled: Boolean(licensePlate),
    refetchInterval: (query) => (query.state.data?.online ? false : 10_000),
  });
  return data?.online;
}
