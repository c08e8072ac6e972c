import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

/** Own tags only; its incidents move to the General tag. */
export const deleteTag = (id: number) => api.event.removeTag({ id });

export function useDeleteTag() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteTag, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['events'] }) });
}
