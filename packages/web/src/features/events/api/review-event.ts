import type { ReviewBody } from '@safety-shield/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

/** Marks an incident reviewed by the caller, optionally under another tag (EVENT_TAG_NOT_EXIST). */
export const reviewEvent = (body: ReviewBody) => api.event.review(body);

export function useReviewEvent() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: reviewEvent, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['events'] }) });
}
