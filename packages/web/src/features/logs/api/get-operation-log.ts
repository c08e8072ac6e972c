import { logApi, type OperationLogQuery } from '@safety-shield/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/http/api.js';

/** Own log for everyone; the scoped log of everyone below for Super and Agent Admins. */
export type LogScope = 'own' | 'system';

const endpoints = { own: logApi.own, system: logApi.list } as const;

export const operationLogQuery = (scope: LogScope, params: OperationLogQuery) =>
  queryOptions({
    queryKey: ['operationLog', scope, params],
    queryFn: () => call(endpoints[scope], params),
  });

export const useOperationLog = (scope: LogScope, params: OperationLogQuery) =>
  useQuery({ ...operationLogQuery(scope, params), placeholderData: keepPreviousData });
