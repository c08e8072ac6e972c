import { api } from '../../../shared/http/api.js';
import { useRefreshingMutation } from '../../../shared/http/mutation.js';

/** Own tags only; its incidents move to the General tag. */
export const deleteTag = (id: number) => api.event.removeTag({ id });

export const useDeleteTag = () => useRefreshingMutation(deleteTag, [['incidents']]);
