import type { DbmQuery, DbmSample } from '@safety-shield/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http/client.js';

export const dbmQuery = (params: DbmQuery) =>
  queryOptions({
    queryKey: ['devices', 'dbm', params],
    queryFn: () => http.get<DbmSample[]>('/v1/device/dbm/listV1', { ...params }),
  });

/** A device's network signal strength over a time range, oldest first; `enabled` is false for a range the server refuses. */
export const useDbm = (params: DbmQuery, enabled: boolean) => useQuery({ ...dbmQuery(params), enabled });
