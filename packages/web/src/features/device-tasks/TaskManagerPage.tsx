import { type DeviceTask, type TaskState, taskStates } from '@safety-shield/contract';
import { Button, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useIdParamState } from '../../shared/hooks/use-id-param.js';
import { actionsColumn, ListPage, timeColumn, useListParams } from '../../shared/ui/list/index.js';
import { useTasks } from './api/tasks.js';
import { TaskProgressBar } from './components/TaskProgressBar.js';
import { TaskRowsDrawer } from './components/TaskRowsDrawer.js';
import { TaskStateTag } from './components/TaskStateTag.js';
import { useTaskFeed } from './use-task-feed.js';

const FILTERS = ['state'] as const;
const TASK_PARAM = 'taskId';

/** /devicepage/taskManager: the jobs that reach many devices, their progress live, and each one's devices. */
export function TaskManagerPage() {
  const { t } = useTranslation();
  useTaskFeed();
  const list = useListParams(FILTERS);
  const state = taskStates.find((value) => value === list.filters.state);
  const query = useTasks({ page: list.page, limit: list.limit, state });
  const [openId, open] = useIdParamState(TASK_PARAM);

  return (
    <ListPage<DeviceTask>
      testId="task-manager"
      query={query}
      list={list}
      filters={
        <Select<TaskState>
          allowClear
          placeholder={t('deviceTasks.allStates')}
          aria-label={t('deviceTasks.taskState')}
          value={state}
          onChange={(next) => list.setFilters({ state: next })}
          options={taskStates.map((value) => ({ value, label: t(`deviceTasks.state.${value}`) }))}
          style={{ width: 200 }}
          data-testid="task-state-filter"
        />
      }
      rowKey="id"
      columns={[
        { key: 'id', title: t('deviceTasks.task'), fitWidth: 90, render: (_, task) => `#${task.id}` },
        {
          key: 'kind',
          title: t('deviceTasks.kind'),
          priority: 2,
          fitWidth: 130,
          render: (_, task) => t(`deviceTasks.kindName.${task.kind}`),
        },
        {
          key: 'state',
          title: t('deviceTasks.taskState'),
          priority: 1,
          fitWidth: 110,
          render: (_, task) => <TaskStateTag state={task.state} />,
        },
        {
          key: 'progress',
          title: t('deviceTasks.progress'),
          priority: 1,
          fitWidth: 220,
          render: (_, task) => <TaskProgressBar task={task} />,
        },
        {
          key: 'changed',
          title: t('deviceTasks.changed'),
          priority: 3,
          fitWidth: 180,
          render: (_, task) => task.changed.map((prop) => t(`deviceConfig.prop.${prop}`)).join(', ') || '—',
        },
        { key: 'by', title: t('deviceTasks.by'), priority: 4, fitWidth: 120, dataIndex: 'createdBy' },
        timeColumn('created', t('deviceTasks.created'), (task) => task.createTime, 3),
        actionsColumn(
          t('list.actions'),
          (task) => (
            <Button type="link" size="small" onClick={() => open(task.id)} data-testid="task-open">
              {t('deviceTasks.devices')}
            </Button>
          ),
          110,
        ),
      ]}
    >
      <TaskRowsDrawer taskId={openId} onClose={() => open(undefined)} />
    </ListPage>
  );
}
