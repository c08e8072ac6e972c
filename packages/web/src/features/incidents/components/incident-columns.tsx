import { CameraOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { type IncidentRecord, pathTo } from '@safety-shield/contract';
import { Flex, Space, Tooltip, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { tagName } from '../../../shared/i18n/tag-name.js';
import { formatTime } from '../../../shared/ui/format.js';
import type { ListColumns } from '../../../shared/ui/list/index.js';
import { PlaceName } from '../../../shared/ui/place.js';
import { WhoAndWhen } from '../../../shared/ui/WhoAndWhen.js';
import { DeviceLocalLine, DriverName, ReviewBadge, speedText, TypeTag } from './display.js';

/**
 * The columns the incident list and the recycle bin share (the bin adds when each was deleted). Priorities (issue 16):
 * time, type, plate, review state and evidence first; the driver, where and who last, as the width allows (the rest in a
 * row's details).
 */
export function incidentColumns(t: TFunction, { bin = false }: { bin?: boolean } = {}): ListColumns<IncidentRecord> {
  const columns: ListColumns<IncidentRecord> = [
    {
      title: t('events.triggerTime'),
      dataIndex: 'triggerTime',
      fitWidth: 180,
      // A set width lets the device's clock line wrap: unwrapped it doubled the column and pushed evidence out at 1440 px.
      width: 180,
      // Issue 16: the device's own clock under the trigger time, so a difference of hours explains itself.
      render: (time: number, record) => (
        <Flex vertical>
          <span>{formatTime(time)}</span>
          <DeviceLocalLine localTime={record.localTime} triggerTime={time} />
        </Flex>
      ),
    },
    {
      title: t('events.type'),
      dataIndex: 'type',
      priority: 2,
      fitWidth: 150,
      render: (type: IncidentRecord['type']) => <TypeTag type={type} />,
    },
    { title: t('events.tag'), dataIndex: 'tagName', priority: 4, fitWidth: 110, render: (name: string | null) => tagName(t, name) ?? '—' },
    {
      title: t('events.plate'),
      dataIndex: 'licensePlate',
      priority: 2,
      fitWidth: 120,
      render: (plate: string | null) =>
        plate ? (
          <Link to={pathTo('VehicleList', { licensePlate: plate })} onClick={(event) => event.stopPropagation()}>
            {plate}
          </Link>
        ) : (
          '—'
        ),
    },
    {
      title: t('events.driver'),
      key: 'driver',
      // After the tag: only devices with a card reader name a driver.
      priority: 4,
      fitWidth: 150,
      render: (_, record) => <DriverName name={record.driverName} licence={record.driverLicence} />,
    },
    {
      title: t('events.fleet'),
      key: 'org',
      priority: 3,
      fitWidth: 150,
      render: (_, record) => (
        <Flex vertical>
          <span>{record.fleetName ?? '—'}</span>
          {record.companyName && <Typography.Text type="secondary">{record.companyName}</Typography.Text>}
        </Flex>
      ),
    },
    { title: t('events.speed'), dataIndex: 'speed', align: 'right', priority: 3, fitWidth: 90, render: speedText },
    {
      title: t('events.location'),
      key: 'location',
      priority: 5,
      fitWidth: 170,
      render: (_, record) => <PlaceName lat={record.lat} lng={record.lng} place={record.place} />,
    },
    {
      title: t('events.reviewState'),
      dataIndex: 'reviewState',
      priority: 2,
      fitWidth: 140,
      render: (state: IncidentRecord['reviewState']) => <ReviewBadge state={state} />,
    },
    {
      title: t('events.latestReviewer'),
      key: 'reviewer',
      priority: 4,
      fitWidth: 180,
      render: (_, record) => (record.latestReviewer ? <WhoAndWhen who={record.latestReviewer} time={record.reviewTime} /> : '—'),
    },
    {
      title: t('events.evidence'),
      key: 'evidence',
      // A reviewer's first question after the type: is there anything to look at.
      priority: 2,
      fitWidth: 100,
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
  if (bin) columns.push({ title: t('events.deletedTime'), dataIndex: 'deletedTime', priority: 2, fitWidth: 180, render: formatTime });
  return columns;
}
