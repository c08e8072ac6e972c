export { useBatchDispatch } from './api/tasks.js';
export { TaskManagerPage } from './TaskManagerPage.js';
