import type { LeaseBody } from '@safety-shield/contract';
import { api } from '../../../shared/http/api.js';
import { useRefreshingMutation } from '../../../shared/http/mutation.js';

export const leaseVehicle = (body: LeaseBody) => api.vehicle.lease(body);

/** Leases a vehicle to another fleet until a time in the future. */
export const useLeaseVehicle = () => useRefreshingMutation(leaseVehicle, [['vehicles']]);
