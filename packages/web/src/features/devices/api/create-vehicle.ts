import { api } from '../../../shared/http/api.js';
import { useRefreshingMutation } from '../../../shared/http/mutation.js';
import { vehicleCreateBody } from '../../vehicles/index.js';

/** Only plate and fleet are asked for when binding; the vehicle page fills in the rest later. */
export const createVehicle = ({ licensePlate, fleetId }: { licensePlate: string; fleetId: number }) =>
  api.vehicle.create(vehicleCreateBody({ licensePlate }, fleetId));

export const useCreateVehicle = () => useRefreshingMutation(createVehicle, [['vehicles']]);
