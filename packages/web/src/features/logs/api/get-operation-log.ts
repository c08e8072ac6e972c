import type { OperationLogQuery, OperationLogRecord, Page } from '@safety-shield/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http/client.js';

/** Own log for everyone; the scoped log of everyone below for Super and Agent Admins. */
export type LogScope = 'own' | 'system';

const paths: Record<LogScope, string> = { own: '/v1/account/log/list', system: '/v1/system/log/list' };

export const operationLogQuery = (scope: LogScope, params: OperationLogQuery) =>
  queryOptions({
    queryKey: ['operationLog', scope, params],
    queryFn: () => http.get<Page<OperationLogRecord>>(paths[scope], { ...params }),
  });

export const useOperationLog = (scope: LogScope, params: OperationLogQuery) =>
  useQuery({ ...operationLogQuery(scope, params), placeholderData: keepPreviousData });
