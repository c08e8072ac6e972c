import type { BatchDispatchBody, DeviceTask, Page, TaskCancelBody, TaskListQuery, TaskRowQuery } from '@safety-shield/contract';
import { keepPreviousData, type QueryClient, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';
import { useRefreshingMutation } from '../../../shared/http/mutation.js';
import { useQueryOnceKnown } from '../../../shared/http/query.js';

export const TASKS_KEY = ['device-tasks'] as const;

export const useTasks = (query: TaskListQuery) =>
  useQuery({ queryKey: [...TASKS_KEY, 'list', query], queryFn: () => api.deviceTask.list(query), placeholderData: keepPreviousData });

export const useTask = (taskId: number | undefined) =>
  useQuery({
    queryKey: [...TASKS_KEY, 'info', taskId],
    queryFn: () => api.deviceTask.info({ taskId: taskId ?? 0 }),
    enabled: taskId !== undefined,
  });

export const useTaskRows = (query: TaskRowQuery | undefined) =>
  useQueryOnceKnown([...TASKS_KEY, 'rows'], query, (known) => api.deviceTask.rows(known));

export const useCancelTask = () => useRefreshingMutation((body: TaskCancelBody) => api.deviceTask.cancel(body), [TASKS_KEY]);
export const useRetryTask = () => useRefreshingMutation((taskId: number) => api.deviceTask.retry({ taskId }), [TASKS_KEY]);
export const useBatchDispatch = () => useRefreshingMutation((body: BatchDispatchBody) => api.deviceConfig.batchDispatch(body), [TASKS_KEY]);

/** A pushed task's new counts, written into every cached copy of it (lists and the open task) without a request. */
export function applyTaskProgress(queryClient: QueryClient, update: Pick<DeviceTask, 'state' | 'counts'> & { taskId: number }) {
  const patch = (task: DeviceTask): DeviceTask =>
    task.id === update.taskId ? { ...task, state: update.state, counts: update.counts } : task;
  queryClient.setQueriesData<Page<DeviceTask>>({ queryKey: [...TASKS_KEY, 'list'] }, (page) =>
    page ? { ...page, records: page.records.map(patch) } : page,
  );
  queryClient.setQueryData<DeviceTask>([...TASKS_KEY, 'info', update.taskId], (task) => (task ? patch(task) : task));
}
