import { ALERT_POLL_MS, SOS_HISTORY_LIMIT } from '@safety-shield/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';
import { useRefreshingMutation } from '../../../shared/http/mutation.js';

export const sosCountQuery = () => queryOptions({ queryKey: ['sos', 'count'], queryFn: () => api.sos.count() });

export const activeSosQuery = () => queryOptions({ queryKey: ['sos', 'active'], queryFn: () => api.sos.active() });

export const sosHistoryQuery = (page: number) =>
  queryOptions({
    queryKey: ['sos', 'history', page],
    queryFn: () => api.sos.history({ page, limit: SOS_HISTORY_LIMIT }),
  });

/** SPEC section 9: the alert count is read at once and every 20 s (pushes refresh it in between). */
export const useSosCount = (enabled: boolean) => useQuery({ ...sosCountQuery(), enabled, refetchInterval: ALERT_POLL_MS });

export const useActiveSos = (enabled: boolean) => useQuery({ ...activeSosQuery(), enabled });

export const useSosHistory = (page: number, enabled: boolean) =>
  useQuery({ ...sosHistoryQuery(page), enabled, placeholderData: keepPreviousData });

export const useCloseSos = () => useRefreshingMutation((id: number) => api.sos.close({ id }), [['sos']]);
