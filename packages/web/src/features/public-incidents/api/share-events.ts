import type { ShareBody, ShareLink } from '@safety-shield/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/http/client.js';

export const shareEvents = (body: ShareBody) => http.post<ShareLink>('/v2/event/share', body);

/** A share link for some incidents; their history gains a 'shared' entry. */
export function useShareEvents() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: shareEvents,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['events'] }),
  });
}
