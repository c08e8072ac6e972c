import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

export const unbindDevice = (deviceId: number) => api.vehicle.unbind({ deviceId });

export function useUnbindDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unbindDevice,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ['vehicles'] }), queryClient.invalidateQueries({ queryKey: ['devices'] })]),
  });
}
