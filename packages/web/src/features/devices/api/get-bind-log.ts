import type { BindLogQuery } from '@safety-shield/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

export const bindLogQuery = (params: BindLogQuery) =>
  queryOptions({
    queryKey: ['devices', 'bindLog', params],
    queryFn: () => api.device.bindLog(params),
  });

/** Who bound or unbound a device to which vehicle, and when; newest first. */
export const useBindLog = (params: BindLogQuery) => useQuery({ ...bindLogQuery(params), placeholderData: keepPreviousData });
