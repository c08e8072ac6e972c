import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/http/client.js';

export const deleteVehicle = (id: number) => http.delete<null>(`/v1/vehicle/${id}`);

/** Deleting a vehicle unbinds its devices too: the device lists refresh as well. */
export function useDeleteVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVehicle,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ['vehicles'] }), queryClient.invalidateQueries({ queryKey: ['devices'] })]),
  });
}
