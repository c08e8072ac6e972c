import { logApi, type OperationLogQuery } from '@safety-shield/contract';
import { call } from '../../../shared/http/api.js';
import { useQueryKeepingPrevious } from '../../../shared/http/query.js';

/** Own log for everyone; the scoped log of everyone below for Super and Agent Admins. */
export type LogScope = 'own' | 'system';

const endpoints = { own: logApi.own, system: logApi.list } as const;

export const useOperationLog = (scope: LogScope, params: OperationLogQuery) =>
  useQueryKeepingPrevious(['operationLog', scope, params], () => call(endpoints[scope], params));
