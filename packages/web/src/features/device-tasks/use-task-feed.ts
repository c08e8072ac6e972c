import { useTaskProgressFeed } from '../../shared/push/index.js';
import { applyTaskProgress, TASKS_KEY } from './api/tasks.js';

/** How often a moving task's rows are read again at most (the counts come with every push). */
const ROWS_REFRESH_MS = 1_000;
const ROWS_KEYS = [[...TASKS_KEY, 'rows']];

/** While mounted, pushed task progress updates the counts at once and the open task's rows about once a second. */
export const useTaskFeed = (): void => useTaskProgressFeed(applyTaskProgress, ROWS_KEYS, ROWS_REFRESH_MS);
