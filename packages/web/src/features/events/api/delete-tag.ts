import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/http/client.js';

/** Own tags only; its incidents move to the General tag. */
export const deleteTag = (id: number) => http.delete<null>('/v1/event/tag', { id });

export function useDeleteTag() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteTag, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['events'] }) });
}
