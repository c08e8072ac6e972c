import type { CommentBody } from '@safety-shield/contract';
import { api } from '../../../shared/http/api.js';
import { useRefreshingMutation } from '../../../shared/http/mutation.js';

export const postComment = (body: CommentBody) => api.event.comment(body);

/** The comment count of the lists and the incident's history change too. */
export const usePostComment = () => useRefreshingMutation(postComment, [['incidents']]);
