import { EditOutlined, SwapOutlined } from '@ant-design/icons';
import { type ConfigVersion, pathTo } from '@safety-shield/contract';
import { Descriptions, type DescriptionsProps, Flex, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatTime } from '../../../shared/ui/format.js';
import { LoadError } from '../../../shared/ui/LoadError.js';
import { configHistoryQuery, StatusTag, useConfigState, versionColumns } from '../../device-config/index.js';
import { PanelTable } from './PanelTable.js';

const versionText = (version: ConfigVersion) => `v${version.version}`;

/**
 * The device's configuration: the version it runs, one on its way, what it last reported; its versions (the tasks
 * that reached it) below, with the ways to the editor and the comparison.
 */
export function ConfigPanel({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation();
  const state = useConfigState(deviceId);
  const columns = versionColumns(t);

  let summary = <Skeleton active paragraph={{ rows: 3 }} />;
  if (state.isError) summary = <LoadError onRetry={() => void state.refetch()} />;
  else if (state.data) {
    const { current, pending, reported } = state.data;
    const items: DescriptionsProps['items'] = [
      {
        key: 'running',
        label: t('deviceDetail.config.running'),
        children: (
          <Space size={4} wrap>
            <span data-testid="config-running">{current ? versionText(current) : t('deviceDetail.config.noneApplied')}</span>
            {current?.appliedTime != null && (
              <Typography.Text type="secondary">
                {t('deviceDetail.config.since', { time: formatTime(current.appliedTime) })}
              </Typography.Text>
            )}
          </Space>
        ),
      },
      {
        key: 'pending',
        label: t('deviceDetail.config.pending'),
        children: pending ? (
          <Space size={4} wrap>
            {versionText(pending)}
            <StatusTag status={pending.status} />
            {pending.sentTime === null && <Typography.Text type="secondary">{t('deviceDetail.config.waiting')}</Typography.Text>}
          </Space>
        ) : (
          t('deviceDetail.config.nonePending')
        ),
      },
      {
        key: 'reported',
        label: t('deviceDetail.config.reported'),
        children: !reported
          ? t('deviceDetail.config.neverReported')
          : reported.version === 0
            ? t('deviceDetail.config.reportedFactory', { time: formatTime(reported.reportTime) })
            : t('deviceDetail.config.reportedValue', { version: reported.version, time: formatTime(reported.reportTime) }),
      },
    ];
    summary = <Descriptions size="small" bordered column={{ xs: 1, sm: 1, md: 1, lg: 3 }} items={items} />;
  }

  return (
    <Flex vertical gap={16} data-testid="detail-config">
      <Flex wrap gap={16}>
        <Link to={pathTo('DeviceConfigSetting', { query: { deviceId } })} data-testid="detail-config-edit">
          <EditOutlined /> {t('deviceDetail.config.edit')}
        </Link>
        <Link to={pathTo('DeviceConfigInfo', { query: { deviceId } })} data-testid="detail-config-compare">
          <SwapOutlined /> {t('deviceDetail.config.compare')}
        </Link>
      </Flex>
      {summary}
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('deviceDetail.config.versions')}
      </Typography.Title>
      <PanelTable<ConfigVersion>
        tableId="device-detail-config-versions"
        testId="detail-config-versions"
        rowKey="id"
        rows={(paging) => configHistoryQuery(deviceId, paging.page, paging.limit)}
        columns={[
          { key: 'version', title: t('deviceDetail.config.version'), fitWidth: 90, render: (_, row) => `v${row.version}` },
          columns.status,
          columns.changed,
          { ...columns.createdBy, key: 'by' },
          columns.created,
          columns.applied,
          columns.reason(4),
        ]}
      />
    </Flex>
  );
}
