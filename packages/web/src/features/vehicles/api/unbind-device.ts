import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/http/client.js';

export const unbindDevice = (deviceId: number) => http.put<null>('/v1/vehicle/unbind', { deviceId });

export function useUnbindDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unbindDevice,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ['vehicles'] }), queryClient.invalidateQueries({ queryKey: ['devices'] })]),
  });
}
