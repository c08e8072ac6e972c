import type { TagCreateBody, TagRenameBody } from '@safety-shield/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

/** A new tag (a name taken is PARAM_CHECK_FAIL with data.field 'tagName'), or a tag's new name. */
export const saveTag = (body: TagCreateBody | TagRenameBody) => ('id' in body ? api.event.renameTag(body) : api.event.createTag(body));

export function useSaveTag() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveTag, onSuccess: () => queryClient.invalidateQueries({ queryKey: ['events'] }) });
}
