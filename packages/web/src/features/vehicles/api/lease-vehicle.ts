import type { LeaseBody } from '@safety-shield/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

export const leaseVehicle = (body: LeaseBody) => api.vehicle.lease(body);

/** Leases a vehicle to another fleet until a time in the future. */
export function useLeaseVehicle() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: leaseVehicle, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['vehicles'] }) });
}
