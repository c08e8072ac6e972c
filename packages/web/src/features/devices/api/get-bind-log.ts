import type { BindLogQuery, BindLogRecord, Page } from '@safety-shield/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http/client.js';

export const bindLogQuery = (params: BindLogQuery) =>
  queryOptions({
    queryKey: ['devices', 'bindLog', params],
    queryFn: () => http.get<Page<BindLogRecord>>('/v2/logs/bind/list', { ...params }),
  });

/** Who bound or unbound a device to which vehicle, and when; newest first. */
export const useBindLog = (params: BindLogQuery) => useQuery({ ...bindLogQuery(params), placeholderData: keepPreviousData });
