import type { DbmQuery } from '@safety-shield/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

export const dbmQuery = (params: DbmQuery) =>
  queryOptions({
    queryKey: ['devices', 'dbm', params],
    queryFn: () => api.device.dbm(params),
  });

/** A device's network signal strength over a time range, oldest first; `enabled` is false for a range the server refuses. */
export const useDbm = (params: DbmQuery, enabled: boolean) => useQuery({ ...dbmQuery(params), enabled });
