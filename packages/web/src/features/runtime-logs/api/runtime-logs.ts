import { type RuntimeLogQuery, runtimeLogApi } from '@safety-shield/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';
import { downloadFile } from '../../../shared/http/download.js';
import { useRefreshingMutation } from '../../../shared/http/mutation.js';

export const RUNTIME_LOGS_KEY = ['runtime-logs'] as const;

export const useRuntimeLogs = (query: RuntimeLogQuery) =>
  useQuery({ queryKey: [...RUNTIME_LOGS_KEY, query], queryFn: () => api.runtimeLog.list(query), placeholderData: keepPreviousData });

export const useOrderLogs = () =>
  useRefreshingMutation((deviceIds: number[]) => api.runtimeLog.order({ deviceIds }), [RUNTIME_LOGS_KEY, ['device-tasks']]);

export const downloadLog = (id: number) => downloadFile(runtimeLogApi.download, { id }, `runtime-log-${id}.log.gz`);
