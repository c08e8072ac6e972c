import type { ReviewBody } from '@safety-shield/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/http/client.js';

/** Marks an incident reviewed by the caller, optionally under another tag (EVENT_TAG_NOT_EXIST). */
export const reviewEvent = (body: ReviewBody) => http.put<null>('/v2/event/review', body);

export function useReviewEvent() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: reviewEvent, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['events'] }) });
}
