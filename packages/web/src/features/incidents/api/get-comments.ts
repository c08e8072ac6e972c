import type { CommentListQuery } from '@safety-shield/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

export const commentsQuery = (params: CommentListQuery) =>
  queryOptions({
    queryKey: ['incidents', 'comments', params],
    queryFn: () => api.event.comments(params),
  });

/** An incident's comments, newest first. */
export const useComments = (params: CommentListQuery) => useQuery({ ...commentsQuery(params), placeholderData: keepPreviousData });
