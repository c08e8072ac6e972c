import type { TagCreateBody, TagRenameBody } from '@safety-shield/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/http/client.js';

/** A new tag (a name taken is PARAM_CHECK_FAIL with data.field 'tagName'), or a tag's new name. */
export const saveTag = (body: TagCreateBody | TagRenameBody) =>
  'id' in body ? http.put<null>('/v1/event/tag', body) : http.post<{ id: number }>('/v1/event/tag', body);

export function useSaveTag() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveTag, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['events'] }) });
}
