import { ALERT_POLL_MS, type Page, SOS_HISTORY_LIMIT, type SosCount, type SosEntry, type SosHistoryRecord } from '@safety-shield/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/http/client.js';

/** Paths of our choosing: SPEC section 7 says these calls exist but does not show them. */
export const sosCountQuery = () => queryOptions({ queryKey: ['sos', 'count'], queryFn: () => http.get<SosCount>('/v1/sos/count') });

export const activeSosQuery = () => queryOptions({ queryKey: ['sos', 'active'], queryFn: () => http.get<SosEntry[]>('/v1/sos/active') });

export const sosHistoryQuery = (page: number) =>
  queryOptions({
    queryKey: ['sos', 'history', page],
    queryFn: () => http.get<Page<SosHistoryRecord>>('/v1/sos/history', { page, limit: SOS_HISTORY_LIMIT }),
  });

/** SPEC section 9: the alert count is read at once and every 20 s (pushes refresh it in between). */
export const useSosCount = () => useQuery({ ...sosCountQuery(), refetchInterval: ALERT_POLL_MS });

export const useActiveSos = (enabled: boolean) => useQuery({ ...activeSosQuery(), enabled });

export const useSosHistory = (page: number, enabled: boolean) =>
  useQuery({ ...sosHistoryQuery(page), enabled, placeholderData: keepPreviousData });

export function useCloseSos() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.put<SosEntry>('/v1/sos/close', { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['sos'] }),
  });
}
