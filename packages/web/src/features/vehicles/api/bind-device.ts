import type { BindBody } from '@safety-shield/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

/**
 * Silent: DEVICE_HAD_BEEN_BIND is a question to the user (take it from the other vehicle?), not an error toast;
 * the dialog shows every other failure itself.
 */
export const bindDevice = (body: BindBody) => api.vehicle.bind(body, { silent: true });

export function useBindDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bindDevice,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ['vehicles'] }), queryClient.invalidateQueries({ queryKey: ['devices'] })]),
  });
}
