import type { VehicleEmailRecord } from '@safety-shield/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http/client.js';

export const vehicleEmailsQuery = (vehicleId: number) =>
  queryOptions({
    queryKey: ['vehicles', 'emails', vehicleId],
    queryFn: () => http.get<VehicleEmailRecord[]>('/v1/vehicle/email/list', { vehicleId }),
  });

/** The notification e-mails of a vehicle with their verification state. */
export const useVehicleEmails = (vehicleId: number) => useQuery(vehicleEmailsQuery(vehicleId));
