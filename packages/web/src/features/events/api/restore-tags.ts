import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/http/client.js';

/** The three default tags back to their names, receiving on and 90 hold days. */
export const restoreTags = (companyId?: number) => http.get<null>('/v1/event/tag/restore', { companyId });

export function useRestoreTags() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: restoreTags, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['events'] }) });
}
