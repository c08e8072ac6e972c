import { ReloadOutlined } from '@ant-design/icons';
import type { EvidenceAccessRecord } from '@safety-shield/contract';
import { Button, Card, Space, Table, type TableColumnsType, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadButton } from '../../../shared/ui/DownloadButton.js';
import { formatTime } from '../../../shared/ui/format.js';
import { exportEvidenceAccess, useEvidenceAccess } from '../api/get-evidence-access.js';

const PAGE_SIZE = 10;

/** Who viewed or downloaded the incident's pictures, videos and zips: when, which file, from which address. */
export function EvidenceAccessPanel({ eventId }: { eventId: number }) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const access = useEvidenceAccess({ eventId, page, limit: PAGE_SIZE });

  const columns: TableColumnsType<EvidenceAccessRecord> = [
    { title: t('events.access.time'), dataIndex: 'time', render: formatTime },
    {
      title: t('events.access.who'),
      key: 'who',
      render: (_, record) =>
        record.shareLinkId ? (
          <Typography.Text type="secondary">{t('events.access.shareLink', { id: record.shareLinkId })}</Typography.Text>
        ) : (
          <span title={record.role && i18n.exists(`roles.${record.role}`) ? t(`roles.${record.role}`) : undefined}>{record.username}</span>
        ),
    },
    {
      title: t('events.access.file'),
      key: 'file',
      render: (_, record) => {
        const file = record.kind === 'zip' ? t('events.access.zip') : `${t(`events.${record.kind}`)} #${record.resourceId ?? ''}`;
        return `${file} · ${t(`events.access.${record.action}`)}`;
      },
    },
    { title: t('events.access.address'), dataIndex: 'ip', render: (ip: string | null) => ip ?? '—' },
  ];

  return (
    <Card
      size="small"
      title={t('events.access.title')}
      data-testid="evidence-access"
      extra={
        <Space size={4}>
          <Tooltip title={t('events.access.refresh')}>
            <Button
              size="small"
              type="text"
              icon={<ReloadOutlined />}
              aria-label={t('events.access.refresh')}
              loading={access.isFetching}
              onClick={() => void access.refetch()}
              data-testid="evidence-access-refresh"
            />
          </Tooltip>
          <DownloadButton size="small" save={() => exportEvidenceAccess(eventId)} failed={t('events.access.exportFailed')}>
            {t('events.export')}
          </DownloadButton>
        </Space>
      }
    >
      <Table<EvidenceAccessRecord>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={access.data?.records ?? []}
        loading={access.isPending}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('events.access.none') }}
        pagination={
          (access.data?.total ?? 0) > PAGE_SIZE && {
            size: 'small',
            current: page,
            pageSize: PAGE_SIZE,
            total: access.data?.total,
            onChange: setPage,
            showSizeChanger: false,
          }
        }
      />
    </Card>
  );
}
