import type { VehicleCreateBody, VehicleUpdateBody } from '@safety-shield/contract';
import { api } from '../../../shared/http/api.js';
import { useRefreshingMutation } from '../../../shared/http/mutation.js';

export const createVehicle = (body: VehicleCreateBody) => api.vehicle.create(body);
export const updateVehicle = (body: VehicleUpdateBody) => api.vehicle.update(body);

/** Creates (no id) or changes a vehicle; lists and records refresh. */
export const useSaveVehicle = () =>
  useRefreshingMutation(
    (body: VehicleCreateBody | VehicleUpdateBody) =>
      'id' in body ? updateVehicle(body).then(() => ({ id: body.id })) : createVehicle(body),
    [['vehicles']],
  );
