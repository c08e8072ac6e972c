import { WarningOutlined } from '@ant-design/icons';
import type { DeviceLockRecord, TamperRecord } from '@safety-shield/contract';
import { Button, Flex, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../shared/ui/format.js';
import { LoadError } from '../../../shared/ui/LoadError.js';
import { RecordDrawer } from '../../../shared/ui/RecordDrawer.js';
import { useTampers } from '../api/locks.js';

/** A device's refused local actions in a cell: how many, the newest, and the whole list a click away. */
export function TamperCell({ record, onOpen }: { record: DeviceLockRecord; onOpen(): void }) {
  const { t } = useTranslation();
  if (record.tamperCount === 0 || !record.lastTamper)
    return (
      <Typography.Text type="secondary" data-testid="tamper-cell" data-count="0">
        {t('deviceLocks.tamper.none')}
      </Typography.Text>
    );
  return (
    <Flex vertical align="flex-start" gap={0} data-testid="tamper-cell" data-count={record.tamperCount}>
      <Button type="link" size="small" danger icon={<WarningOutlined />} onClick={onOpen} className="lock-tamper-button">
        {t('deviceLocks.tamper.count', { count: record.tamperCount })}
      </Button>
      <Typography.Text type="secondary" className="lock-reported">
        {t('deviceLocks.tamper.last', {
          action: t(`deviceLocks.actions.${record.lastTamper.action}`),
          time: formatTime(record.lastTamper.time),
        })}
      </Typography.Text>
    </Flex>
  );
}

/** Every local action a device's lock refused, newest first. */
export function TamperDrawer({ device, onClose }: { device: DeviceLockRecord | undefined; onClose(): void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState({ page: 1, limit: 20 });
  const tampers = useTampers(device ? { deviceId: device.deviceId, ...page } : undefined);
  return (
    <RecordDrawer
      of={device}
      onClose={onClose}
      size="min(520px, 100vw)"
      title={device ? t('deviceLocks.tamper.title', { device: device.deviceUuid }) : ''}
      data-testid="tamper-drawer"
    >
      {tampers.isError && <LoadError onRetry={() => void tampers.refetch()} />}
      <Table<TamperRecord>
        rowKey={(row) => `${row.time}-${row.action}`}
        size="small"
        loading={tampers.isFetching}
        dataSource={tampers.data?.records}
        pagination={{
          current: page.page,
          pageSize: page.limit,
          total: tampers.data?.total ?? 0,
          hideOnSinglePage: true,
          onChange: (next, limit) => setPage({ page: next, limit }),
        }}
        columns={[
          { key: 'time', title: t('deviceLocks.tamper.time'), render: (_, row) => formatTime(row.time) },
          { key: 'action', title: t('deviceLocks.tamper.action'), render: (_, row) => t(`deviceLocks.actions.${row.action}`) },
        ]}
      />
    </RecordDrawer>
  );
}
