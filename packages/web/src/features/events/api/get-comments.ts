import type { CommentListQuery, CommentRecord, Page } from '@safety-shield/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http/client.js';

export const commentsQuery = (params: CommentListQuery) =>
  queryOptions({
    queryKey: ['events', 'comments', params],
    queryFn: () => http.get<Page<CommentRecord>>('/v1/event/comment/list', { ...params }),
  });

/** An incident's comments, newest first. */
export const useComments = (params: CommentListQuery) => useQuery({ ...commentsQuery(params), placeholderData: keepPreviousData });
