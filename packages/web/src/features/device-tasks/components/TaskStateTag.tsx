import type { TaskRowState, TaskState } from '@safety-shield/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

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
  const { t } = useTranslation();
  return (
    <Tag color={colours[state]} data-testid="task-state" data-state={state}>
      {t(`deviceTasks.state.${state}`)}
    </Tag>
  );
}
