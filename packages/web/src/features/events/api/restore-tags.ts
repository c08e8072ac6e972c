import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

/** The three default tags back to their names, receiving on and 90 hold days. */
export const restoreTags = (companyId?: number) => api.event.restoreTags({ companyId });

export function useRestoreTags() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: restoreTags, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['events'] }) });
}
