import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

export const endLease = (id: number) => api.vehicle.endLease({ id });

/** Gives a leased vehicle back to its owner fleet now. */
export function useEndLease() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: endLease, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['vehicles'] }) });
}
