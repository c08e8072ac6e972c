import { type IncidentRecord, pathTo } from '@safety-shield/contract';
import { Badge, Empty, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatTime, speedText } from '../../../shared/ui/format.js';
import { vehicleIncidentsQuery } from '../api/device-detail.js';
import { PanelTable } from './PanelTable.js';

interface Props {
  deviceUuid: string;
  vehicleId: number | null;
  licensePlate: string | null;
}

/**
 * The incidents of the vehicle the device is bound to, newest first, each linking to its page. The incident list
 * filters by vehicle, not by device: a second device of the same vehicle shows its uuid in its rows.
 */
export function IncidentsPanel({ deviceUuid, vehicleId, licensePlate }: Props) {
  const { t } = useTranslation();
  if (vehicleId === null) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('deviceDetail.incidents.unbound')} />;
  return <VehicleIncidents deviceUuid={deviceUuid} vehicleId={vehicleId} licensePlate={licensePlate ?? ''} />;
}

function VehicleIncidents({ deviceUuid, vehicleId, licensePlate }: { deviceUuid: string; vehicleId: number; licensePlate: string }) {
  const { t } = useTranslation();
  return (
    <PanelTable<IncidentRecord>
      intro={<Typography.Text type="secondary">{t('deviceDetail.incidents.ofVehicle', { plate: licensePlate })}</Typography.Text>}
      tableId="device-detail-incidents"
      testId="detail-incidents"
      rowKey="eventId"
      rows={(paging) => vehicleIncidentsQuery({ vehicleId, ...paging })}
      columns={[
        {
          key: 'time',
          title: t('deviceDetail.incidents.time'),
          fitWidth: 170,
          render: (_, incident) => (
            <Link to={pathTo('EventDetail', { eventId: incident.eventId })}>{formatTime(incident.triggerTime)}</Link>
          ),
        },
        {
          key: 'type',
          title: t('deviceDetail.incidents.type'),
          priority: 1,
          fitWidth: 160,
          render: (_, incident) => <Tag data-testid="incident-type">{t(`events.types.${incident.type}`)}</Tag>,
        },
        {
          key: 'review',
          title: t('deviceDetail.incidents.review'),
          priority: 2,
          fitWidth: 120,
          render: (_, incident) => (
            <Badge
              status={incident.reviewState === 'reviewed' ? 'success' : 'processing'}
              text={t(`events.review.${incident.reviewState}`)}
            />
          ),
        },
        {
          key: 'speed',
          title: t('deviceDetail.incidents.speed'),
          align: 'right',
          priority: 3,
          fitWidth: 100,
          render: (_, incident) => speedText(incident.speed),
        },
        {
          key: 'device',
          title: t('deviceDetail.incidents.device'),
          priority: 4,
          fitWidth: 200,
          render: (_, incident) =>
            incident.deviceUuid === deviceUuid ? (
              incident.deviceUuid
            ) : (
              <Typography.Text type="secondary">{incident.deviceUuid}</Typography.Text>
            ),
        },
      ]}
    />
  );
}
