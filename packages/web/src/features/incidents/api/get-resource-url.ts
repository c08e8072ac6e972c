import { RESOURCE_URL_TTL_MS } from '@safety-shield/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

/** A new URL this long before the old one expires, so a picture or a seek never meets an expired one. */
const RENEW_BEFORE_MS = 60_000;

export const resourceUrlQuery = (eventId: number, resourceId: number) =>
  queryOptions({
    queryKey: ['incidents', 'resource-url', eventId, resourceId],
    // Failures show in place of the file, not as a toast per file.
    queryFn: () => api.event.resourceUrl({ eventId, resourceId }, { silent: true }),
    staleTime: RESOURCE_URL_TTL_MS - RENEW_BEFORE_MS,
    refetchInterval: (query) => (query.state.data ? Math.max(10_000, query.state.data.expireTime - Date.now() - RENEW_BEFORE_MS) : false),
    retry: 1,
  });

/** The signed URL of one stored file of an incident, renewed before it expires. */
export const useResourceUrl = (eventId: number, resourceId: number) => useQuery(resourceUrlQuery(eventId, resourceId));
