import type { VehicleCreateBody } from '@safety-shield/contract';
import { api } from '../../../shared/http/api.js';
import { useRefreshingMutation } from '../../../shared/http/mutation.js';

/** Only plate and fleet are asked for when binding; the vehicle page fills in the rest later. */
export const createVehicle = ({ licensePlate, fleetId }: { licensePlate: string; fleetId: number }) => {
  const body: VehicleCreateBody = {
    licensePlate,
    fleetId,
    brand: null,
    model: null,
    kindName: null,
    useFor: null,
    initialMileageKm: 0,
    attribution: null,
    address: null,
    customer: null,
  };
  return api.vehicle.create(body);
};

export const useCreateVehicle = () => useRefreshingMutation(createVehicle, [['vehicles']]);
