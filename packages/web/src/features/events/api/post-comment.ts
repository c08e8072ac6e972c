import type { CommentBody } from '@safety-shield/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

export const postComment = (body: CommentBody) => api.event.comment(body);

export function usePostComment() {
  const queryClient = useQueryClient();
  // The comment count of the lists and the incident's history change too.
  return useMutation({ mutationFn: postComment, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['events'] }) });
}
