import type { CommentBody } from '@safety-shield/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/http/client.js';

export const postComment = (body: CommentBody) => http.post<{ id: number }>('/v1/event/comment', body);

export function usePostComment() {
  const queryClient = useQueryClient();
  // The comment count of the lists and the incident's history change too.
  return useMutation({ mutationFn: postComment, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['events'] }) });
}
