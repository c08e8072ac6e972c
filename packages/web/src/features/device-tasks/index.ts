export { useBatchDispatch } from './api/tasks.js';
export { RowProgress, type UpgradeStep } from './components/RowProgress.js';
export { TaskProgressBar } from './components/TaskProgressBar.js';
export { TaskRowsDrawer } from './components/TaskRowsDrawer.js';
export { TaskStateTag } from './components/TaskStateTag.js';
export { TaskManagerPage } from './TaskManagerPage.js';
export { useTaskFeed } from './use-task-feed.js';
