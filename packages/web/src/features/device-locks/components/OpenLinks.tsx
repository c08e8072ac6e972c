import { StopOutlined } from '@ant-design/icons';
import type { LockLinkRecord } from '@safety-shield/contract';
import { Button, Card, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../../shared/ui/ConfirmAction.js';
import { formatTime } from '../../../shared/ui/format.js';
import { LoadError } from '../../../shared/ui/LoadError.js';
import { useLockLinks, useRevokeLink } from '../api/locks.js';

/** The Super Admin's installer links still open, each withdrawn with one click. */
export function OpenLinks() {
  const { t } = useTranslation();
  const links = useLockLinks(true);
  const revoke = useRevokeLink();
  return (
    <Card size="small" title={t('deviceLocks.link.open')} data-testid="lock-links">
      {links.isError && <LoadError onRetry={() => void links.refetch()} />}
      <Table<LockLinkRecord>
        rowKey="id"
        size="small"
        loading={links.isFetching}
        dataSource={links.data}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('deviceLocks.link.none') }}
        columns={[
          { key: 'id', title: '#', dataIndex: 'id', width: 56 },
          {
            key: 'devices',
            title: t('deviceLocks.link.devices'),
            render: (_, link) => <Typography.Text className="lock-link-devices">{link.deviceUuids.join(', ')}</Typography.Text>,
          },
          { key: 'expires', title: t('deviceLocks.link.validUntil'), render: (_, link) => formatTime(link.expireTime) },
          { key: 'uses', title: t('deviceLocks.link.usesLeftTitle'), dataIndex: 'usesLeft', align: 'right' },
          { key: 'by', title: t('deviceLocks.link.createdBy'), dataIndex: 'createdBy' },
          {
            key: 'actions',
            title: t('list.actions'),
            render: (_, link) => (
              <ConfirmAction
                title={t('deviceLocks.link.withdrawConfirm')}
                okText={t('deviceLocks.link.withdraw')}
                danger
                done={t('deviceLocks.link.withdrawn')}
                onConfirm={() => revoke.mutateAsync(link.id)}
              >
                <Button type="link" size="small" danger icon={<StopOutlined />} data-testid="lock-link-withdraw">
                  {t('deviceLocks.link.withdraw')}
                </Button>
              </ConfirmAction>
            ),
          },
        ]}
      />
    </Card>
  );
}
