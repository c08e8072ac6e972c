import type { TaskRowState, TaskState } from '@safety-shield/contract';
import { StateTag } from '../../../shared/ui/StateTag.js';

const colours: Record<TaskState | TaskRowState, string> = {
  running: 'processing',
  queued: 'default',
  sent: 'processing',
  done: 'success',
  failed: 'error',
  cancelled: 'default',
  expired: 'warning',
};

/** A task's or a row's state. */
export function TaskStateTag({ state }: { state: TaskState | TaskRowState }) {
  return <StateTag value={state} colours={colours} textKey="deviceTasks.state" testId="task-state" valueAttribute="state" />;
}
