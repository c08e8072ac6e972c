import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/http/client.js';

export const endLease = (id: number) => http.put<null>('/v1/vehicle/lease/end', { id });

/** Gives a leased vehicle back to its owner fleet now. */
export function useEndLease() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: endLease, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['vehicles'] }) });
}
