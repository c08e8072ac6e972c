import { CloudDownloadOutlined, DownloadOutlined } from '@ant-design/icons';
import { canCall, pathTo, type RuntimeLogRecord, runtimeLogApi } from '@safety-shield/contract';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pushClient } from '../../shared/push/index.js';
import { sizeText } from '../../shared/ui/format.js';
import { actionsColumn, ListPage, TextFilter, timeColumn, useFilteredList } from '../../shared/ui/list/index.js';
import { useSelfInfo } from '../auth/index.js';
import { useDevices } from '../devices/index.js';
import { downloadLog, RUNTIME_LOGS_KEY, useOrderLogs, useRuntimeLogs } from './api/runtime-logs.js';

const FILTERS = { keyword: 'text' } as const;

/** Asks chosen devices for their runtime logs: a task the task manager follows; the logs list here as they come. */
function OrderLogs() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [keyword, setKeyword] = useState('');
  const [chosen, setChosen] = useState<number[]>([]);
  const devices = useDevices({ page: 1, limit: 20, keyword: keyword || undefined });
  const order = useOrderLogs();
  const submit = async () => {
    try {
      const task = await order.mutateAsync(chosen);
      message.success(t('runtimeLogs.ordered', { id: task.id, count: task.total }));
      setChosen([]);
    } catch {
      // The HTTP layer has shown the reason.
    }
  };
  return (
    <Flex wrap gap={8} align="center">
      <Select
        mode="multiple"
        value={chosen}
        onChange={setChosen}
        showSearch={{ filterOption: false, onSearch: setKeyword }}
        options={(devices.data?.records ?? []).map((device) => ({ value: device.deviceId, label: device.deviceUuid }))}
        loading={devices.isFetching}
        placeholder={t('runtimeLogs.pickDevices')}
        aria-label={t('runtimeLogs.pickDevices')}
        style={{ minWidth: 260, maxWidth: 520, flex: '1 1 260px' }}
        data-testid="logs-devices"
      />
      <Button
        type="primary"
        icon={<CloudDownloadOutlined />}
        disabled={chosen.length === 0}
        loading={order.isPending}
        onClick={() => void submit()}
        data-testid="logs-order"
      >
        {t('runtimeLogs.order', { count: chosen.length })}
      </Button>
    </Flex>
  );
}

/** /collection/index: the runtime logs devices uploaded on order, to download; and the order itself. */
export function CollectionPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const list = useFilteredList(FILTERS);
  const query = useRuntimeLogs({ page: list.page, limit: list.limit, keyword: list.values.keyword });
  const orders = canCall(useSelfInfo().data?.baseInfo.role, runtimeLogApi.order);
  // A log arriving moves its task on: read the list again.
  useEffect(
    () => pushClient().watchAlarms('deviceTask', () => void queryClient.invalidateQueries({ queryKey: RUNTIME_LOGS_KEY })),
    [queryClient],
  );

  return (
    <ListPage<RuntimeLogRecord>
      testId="runtime-logs"
      query={query}
      list={list}
      filterFields={<TextFilter name="keyword" label={t('runtimeLogs.device')} placeholder={t('runtimeLogs.uuidPlaceholder')} />}
      actions={orders ? <OrderLogs /> : undefined}
      rowKey="id"
      columns={[
        { key: 'uuid', title: t('runtimeLogs.device'), dataIndex: 'deviceUuid', fitWidth: 200 },
        timeColumn('uploaded', t('runtimeLogs.uploaded'), (row) => row.uploadTime, 1),
        { key: 'size', title: t('runtimeLogs.size'), priority: 2, fitWidth: 90, align: 'right', render: (_, row) => sizeText(row.size) },
        {
          key: 'task',
          title: t('runtimeLogs.task'),
          priority: 3,
          fitWidth: 90,
          render: (_, row) => <Link to={pathTo('TaskManager', { query: { taskId: row.taskId } })}>#{row.taskId}</Link>,
        },
        { key: 'by', title: t('runtimeLogs.orderedBy'), priority: 4, fitWidth: 120, dataIndex: 'orderedBy' },
        actionsColumn(
          t('list.actions'),
          (row) => (
            <Button
              type="link"
              size="small"
              icon={<DownloadOutlined />}
              onClick={async () => {
                if (!(await downloadLog(row.id))) message.error(t('runtimeLogs.downloadFailed'));
              }}
              data-testid="log-download"
            >
              {t('runtimeLogs.download')}
            </Button>
          ),
          130,
        ),
      ]}
    />
  );
}
