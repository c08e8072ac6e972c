import type { CommentListQuery } from '@safety-shield/contract';
import { api } from '../../../shared/http/api.js';
import { useQueryKeepingPrevious } from '../../../shared/http/query.js';

/** An incident's comments, newest first. */
export const useComments = (params: CommentListQuery) =>
  useQueryKeepingPrevious(['incidents', 'comments', params], () => api.event.comments(params));
