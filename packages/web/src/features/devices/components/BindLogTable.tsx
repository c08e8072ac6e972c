import type { BindLogRecord } from '@safety-shield/contract';
import { Alert, Space, Table, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../shared/ui/format.js';
import { listPagination } from '../../../shared/ui/list/index.js';
import { useBindLog } from '../api/get-bind-log.js';

/** Page size inside the drawer: short, the drawer is not a list page. */
const BIND_LOG_LIMIT = 10;

/** Every bind and unbind of a device, newest first, paged (the page lives in the drawer, not the URL). */
export function BindLogTable({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const [paging, setPaging] = useState({ page: 1, limit: BIND_LOG_LIMIT });
  const query = useBindLog({ deviceId, ...paging });
  const columns: TableColumnsType<BindLogRecord> = [
    { title: t('devices.bindLog.time'), dataIndex: 'time', render: formatTime },
    {
      title: t('devices.bindLog.action'),
      dataIndex: 'action',
      render: (action: BindLogRecord['action'], record) => (
        <Space size={4}>
          <Tag color={action === 'bind' ? 'blue' : 'default'}>{t(`devices.bindLog.${action}`)}</Tag>
          {record.forced && <Tag color="warning">{t('devices.bindLog.forced')}</Tag>}
        </Space>
      ),
    },
    { title: t('devices.plate'), dataIndex: 'licensePlate' },
    { title: t('devices.bindLog.who'), dataIndex: 'username' },
  ];
  return (
    <>
      {query.isError && <Alert type="error" showIcon title={t('common.loadFailed')} style={{ marginBottom: 12 }} />}
      <Table<BindLogRecord>
        rowKey="id"
        size="small"
        data-testid="bind-log"
        columns={columns}
        dataSource={query.data?.records}
        loading={query.isFetching}
        locale={{ emptyText: t('devices.bindLog.empty') }}
        pagination={{
          ...listPagination({ ...paging, setPage: (page, limit) => setPaging({ page, limit }) }, query.data?.total, t),
          showQuickJumper: false,
          size: 'small',
        }}
        scroll={{ x: 'max-content' }}
      />
    </>
  );
}
