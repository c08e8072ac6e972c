import { canCall, type DeviceTaskRow, deviceTaskApi, type TaskRowState, taskRowStates } from '@safety-shield/contract';
import { Button, Flex, Input, Popconfirm, Select, Skeleton, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../shared/ui/format.js';
import { actionsColumn, ListTable, reasonColumn, rowData, timeColumn } from '../../../shared/ui/list/index.js';
import { RecordDrawer } from '../../../shared/ui/RecordDrawer.js';
import { useAttempt } from '../../../shared/ui/use-attempt.js';
import { useSelfInfo } from '../../auth/index.js';
import { useCancelTask, useRetryTask, useTask, useTaskRows } from '../api/tasks.js';
import { RowProgress } from './RowProgress.js';
import { TaskProgressBar } from './TaskProgressBar.js';
import { TaskStateTag } from './TaskStateTag.js';

const OPEN: readonly TaskRowState[] = ['queued', 'sent', 'running'];
/** A device installing its new firmware can no longer stop (docs/device-protocol.md, `upgradeCancel`). */
const INSTALLING: readonly (DeviceTaskRow['phase'] | null)[] = ['installing', 'rebooting'];
const cancellable = (row: DeviceTaskRow) => OPEN.includes(row.state) && !INSTALLING.includes(row.phase);

interface Props {
  taskId: number | undefined;
  onClose(): void;
  /** Below the task's progress: what the page that opened it adds (a campaign's controls). */
  extra?: ReactNode;
}

/**
 * One task: its progress, cancel and retry, and its devices a page at a time, by state and uuid; a firmware upgrade's
 * rows with their step and percent.
 */
export function TaskRowsDrawer({ taskId, onClose, extra }: Props) {
  const { t } = useTranslation();
  const attempt = useAttempt();
  const role = useSelfInfo().data?.baseInfo.role;
  const writes = canCall(role, deviceTaskApi.cancel);
  const [state, setState] = useState<TaskRowState>();
  const [keyword, setKeyword] = useState('');
  const [paging, setPaging] = useState({ page: 1, limit: 20 });
  const task = useTask(taskId);
  const rows = useTaskRows(taskId === undefined ? undefined : { taskId, ...paging, state, keyword: keyword || undefined });
  const cancel = useCancelTask();
  const retry = useRetryTask();
  const list = { ...paging, setPage: (page: number, limit: number) => setPaging({ page, limit }) };
  const data = task.data;
  const upgrade = data?.kind === 'upgrade';

  return (
    <RecordDrawer
      of={taskId}
      onClose={onClose}
      size="large"
      title={data ? t('deviceTasks.title', { id: data.id }) : t('deviceTasks.task')}
      data-testid="task-drawer"
    >
      {!data ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap={16}>
          <Flex wrap gap={12} align="center" justify="space-between">
            <Flex gap={8} align="center">
              <TaskStateTag state={data.state} />
              <TaskProgressBar task={data} />
            </Flex>
            {writes && (
              <Flex gap={8} wrap>
                {data.counts.failed + data.counts.expired > 0 && (
                  <Button
                    onClick={() => attempt(() => retry.mutateAsync(data.id), t('deviceTasks.retried'))}
                    loading={retry.isPending}
                    data-testid="task-retry"
                  >
                    {t('deviceTasks.retry')}
                  </Button>
                )}
                {data.state === 'running' && (
                  <Popconfirm
                    title={t('deviceTasks.cancelConfirm')}
                    onConfirm={() => attempt(() => cancel.mutateAsync({ taskId: data.id }), t('deviceTasks.cancelled'))}
                  >
                    <Button danger data-testid="task-cancel">
                      {t('deviceTasks.cancelTask')}
                    </Button>
                  </Popconfirm>
                )}
              </Flex>
            )}
          </Flex>
          {extra}
          <Typography.Text type="secondary">
            {t('deviceTasks.createdBy', { name: data.createdBy, time: formatTime(data.createTime) })}
            {data.expireTime ? ` · ${t('deviceTasks.expires', { time: formatTime(data.expireTime) })}` : ''}
          </Typography.Text>
          <Flex wrap gap={8}>
            <Select<TaskRowState>
              allowClear
              placeholder={t('deviceTasks.allStates')}
              aria-label={t('deviceTasks.rowState')}
              value={state}
              onChange={(next) => {
                setState(next);
                setPaging((current) => ({ ...current, page: 1 }));
              }}
              options={taskRowStates.map((value) => ({ value, label: t(`deviceTasks.state.${value}`) }))}
              style={{ width: 180 }}
              data-testid="task-row-state"
            />
            <Input.Search
              allowClear
              placeholder={t('deviceTasks.uuidPlaceholder')}
              aria-label={t('deviceTasks.uuid')}
              onSearch={(value) => {
                setKeyword(value.trim());
                setPaging((current) => ({ ...current, page: 1 }));
              }}
              style={{ width: 240 }}
            />
          </Flex>
          <ListTable<DeviceTaskRow>
            tableId="device-task-rows"
            testId="task-rows"
            rowKey="id"
            list={list}
            query={rows}
            onRow={(row) => rowData({ uuid: row.deviceUuid })}
            columns={[
              { key: 'uuid', title: t('deviceTasks.uuid'), dataIndex: 'deviceUuid', fitWidth: 180 },
              {
                key: 'state',
                title: t('deviceTasks.rowState'),
                priority: 1,
                fitWidth: 110,
                render: (_, row) => <TaskStateTag state={row.state} />,
              },
              ...(upgrade
                ? [
                    {
                      key: 'step',
                      title: t('deviceTasks.step'),
                      priority: 1,
                      fitWidth: 170,
                      render: (_: unknown, row: DeviceTaskRow) => (
                        <RowProgress state={row.state} phase={row.phase} progress={row.progress} />
                      ),
                    },
                  ]
                : []),
              reasonColumn(t('deviceTasks.reason'), (row) => ({ reason: row.reason, failed: row.state === 'failed' }), {
                priority: 2,
                fitWidth: 200,
              }),
              ...(upgrade
                ? []
                : [
                    {
                      key: 'version',
                      title: t('deviceTasks.version'),
                      priority: 3,
                      fitWidth: 90,
                      render: (_: unknown, row: DeviceTaskRow) => row.version ?? '—',
                    },
                  ]),
              timeColumn('updated', t('deviceTasks.updated'), (row) => row.updateTime, 4),
              actionsColumn(
                t('list.actions'),
                (row) =>
                  writes && cancellable(row) ? (
                    <Popconfirm
                      title={t('deviceTasks.cancelRowConfirm', { uuid: row.deviceUuid })}
                      onConfirm={() =>
                        attempt(() => cancel.mutateAsync({ taskId: row.taskId, rowIds: [row.id] }), t('deviceTasks.rowCancelled'))
                      }
                    >
                      <Button type="link" size="small" danger data-testid="task-row-cancel">
                        {t('deviceTasks.cancelRow')}
                      </Button>
                    </Popconfirm>
                  ) : null,
                110,
              ),
            ]}
          />
        </Flex>
      )}
    </RecordDrawer>
  );
}
