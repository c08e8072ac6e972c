import { CameraOutlined, VideoCameraOutlined } from '@ant-design/icons';
import type { IncidentRecord } from '@safety-shield/contract';
import { Flex, Space, type TableColumnsType, Tooltip, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { tagName } from '../../../shared/i18n/tag-name.js';
import { formatTime } from '../../../shared/ui/format.js';
import { ReviewBadge, shortLatLng, speedText, TypeTag } from './display.js';

export const eventPath = (eventId: number) => `/event/${eventId}`;

/** The columns the incident list and the recycle bin share (the bin adds when each was deleted). */
export function eventColumns(t: TFunction, { bin = false }: { bin?: boolean } = {}): TableColumnsType<IncidentRecord> {
  const columns: TableColumnsType<IncidentRecord> = [
    { title: t('events.triggerTime'), dataIndex: 'triggerTime', render: formatTime },
    { title: t('events.type'), dataIndex: 'type', render: (type: IncidentRecord['type']) => <TypeTag type={type} /> },
    { title: t('events.tag'), dataIndex: 'tagName', render: (name: string | null) => tagName(t, name) ?? '—' },
    {
      title: t('events.plate'),
      dataIndex: 'licensePlate',
      render: (plate: string | null) =>
        plate ? (
          <Link to={`/vehicle/list/${encodeURIComponent(plate)}`} onClick={(event) => event.stopPropagation()}>
            {plate}
          </Link>
        ) : (
          '—'
        ),
    },
    {
      title: t('events.fleet'),
      key: 'org',
      render: (_, record) => (
        <Flex vertical>
          <span>{record.fleetName ?? '—'}</span>
          {record.companyName && <Typography.Text type="secondary">{record.companyName}</Typography.Text>}
        </Flex>
      ),
    },
    { title: t('events.speed'), dataIndex: 'speed', align: 'right', render: speedText },
    { title: t('events.location'), key: 'location', render: (_, record) => shortLatLng(record.lat, record.lng) },
    {
      title: t('events.reviewState'),
      dataIndex: 'reviewState',
      render: (state: IncidentRecord['reviewState']) => <ReviewBadge state={state} />,
    },
    {
      title: t('events.latestReviewer'),
      key: 'reviewer',
      render: (_, record) =>
        record.latestReviewer ? (
          <Flex vertical>
            <span>{record.latestReviewer}</span>
            <Typography.Text type="secondary">{formatTime(record.reviewTime)}</Typography.Text>
          </Flex>
        ) : (
          '—'
        ),
    },
    {
      title: t('events.evidence'),
      key: 'evidence',
      render: (_, record) => (
        <Space size="middle">
          <Tooltip title={t('events.pictures')}>
            <span>
              <CameraOutlined /> {record.pictures}
            </span>
          </Tooltip>
          <Tooltip title={t('events.videos')}>
            <span>
              <VideoCameraOutlined /> {record.videos}
            </span>
          </Tooltip>
        </Space>
      ),
    },
  ];
  if (bin) columns.push({ title: t('events.deletedTime'), dataIndex: 'deletedTime', render: formatTime });
  return columns;
}
