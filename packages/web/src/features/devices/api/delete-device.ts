import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/http/client.js';

/** Refused with DEVICE_DELETE_ASSOCIATE_FAIL (toast from the HTTP layer) while the device is bound to a vehicle. */
export const deleteDevice = (deviceId: number) => http.delete<null>(`/v1/device/${deviceId}`);

export function useDeleteDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDevice,
    // The version filter counts devices too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['devices'] }),
  });
}
