import type { TagCreateBody, TagRenameBody } from '@safety-shield/contract';
import { api } from '../../../shared/http/api.js';
import { useRefreshingMutation } from '../../../shared/http/mutation.js';

/** A new tag (a name taken is PARAM_CHECK_FAIL with data.field 'tagName'), or a tag's new name. */
export const saveTag = (body: TagCreateBody | TagRenameBody) => ('id' in body ? api.event.renameTag(body) : api.event.createTag(body));

export const useSaveTag = () => useRefreshingMutation(saveTag, [['incidents']]);
