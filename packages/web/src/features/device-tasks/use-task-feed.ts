import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { pushClient } from '../../shared/push/index.js';
import { applyTaskProgress, TASKS_KEY } from './api/tasks.js';

/** How often a moving task's rows are read again at most (the counts come with every push). */
const ROWS_REFRESH_MS = 1_000;

/** While mounted, pushed task progress updates the counts at once and the open task's rows about once a second. */
export function useTaskFeed(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = pushClient().watchAlarms('deviceTask', (message) => {
      applyTaskProgress(queryClient, message);
      timer ??= setTimeout(() => {
        timer = undefined;
        void queryClient.invalidateQueries({ queryKey: [...TASKS_KEY, 'rows'] });
      }, ROWS_REFRESH_MS);
    });
    return () => {
      stop();
      if (timer) clearTimeout(timer);
    };
  }, [queryClient]);
}
