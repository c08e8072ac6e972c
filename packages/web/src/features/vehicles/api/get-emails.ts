import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

export const vehicleEmailsQuery = (vehicleId: number) =>
  queryOptions({
    queryKey: ['vehicles', 'emails', vehicleId],
    queryFn: () => api.vehicle.emails({ vehicleId }),
  });

/** The notification e-mails of a vehicle with their verification state. */
export const useVehicleEmails = (vehicleId: number) => useQuery(vehicleEmailsQuery(vehicleId));
