import type { VehicleCreateBody, VehicleUpdateBody } from '@safety-shield/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

export const createVehicle = (body: VehicleCreateBody) => api.vehicle.create(body);
export const updateVehicle = (body: VehicleUpdateBody) => api.vehicle.update(body);

/** Creates (no id) or changes a vehicle; lists and records refresh. */
export function useSaveVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VehicleCreateBody | VehicleUpdateBody) =>
      'id' in body ? updateVehicle(body).then(() => ({ id: body.id })) : createVehicle(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['vehicles'] }),
  });
}
