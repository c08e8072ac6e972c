import type { ShareBody } from '@safety-shield/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

export const shareEvents = (body: ShareBody) => api.share.create(body);

/** A share link for some incidents; their history gains a 'shared' entry. */
export function useShareEvents() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shareEvents,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['events'] }),
  });
}
