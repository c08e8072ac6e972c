import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

/** Refused with DEVICE_DELETE_ASSOCIATE_FAIL (toast from the HTTP layer) while the device is bound to a vehicle. */
export const deleteDevice = (deviceId: number) => api.device.remove({ id: deviceId });

export function useDeleteDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDevice,
    // The version filter counts devices too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['devices'] }),
  });
}
