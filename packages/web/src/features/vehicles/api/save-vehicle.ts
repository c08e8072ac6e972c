import type { VehicleCreateBody, VehicleUpdateBody } from '@safety-shield/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/http/client.js';

export const createVehicle = (body: VehicleCreateBody) => http.post<{ id: number }>('/v1/vehicle', body);
export const updateVehicle = (body: VehicleUpdateBody) => http.put<null>('/v1/vehicle/info', body);

/** Creates (no id) or changes a vehicle; lists and records refresh. */
export function useSaveVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: VehicleCreateBody | VehicleUpdateBody) =>
      'id' in body ? updateVehicle(body).then(() => ({ id: body.id })) : createVehicle(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['vehicles'] }),
  });
}
