import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

export const deleteVehicle = (id: number) => api.vehicle.remove({ id });

/** Deleting a vehicle unbinds its devices too: the device lists refresh as well. */
export function useDeleteVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteVehicle,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ['vehicles'] }), queryClient.invalidateQueries({ queryKey: ['devices'] })]),
  });
}
