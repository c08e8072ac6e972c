import { type DeviceRecord, pathTo } from '@safety-shield/contract';
import { Card, Descriptions, type DescriptionsProps, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatTime } from '../../../shared/ui/format.js';
import { durationParts, OnlineTag } from '../../devices/index.js';

const dash = (value: string | number | null | undefined) => (value == null || value === '' ? '—' : value);

/** Who the device is and where it belongs (SPEC section 3): identity, organisation chain, vehicle, SIM, firmware and presence. */
export function DeviceIdentity({ device }: { device: DeviceRecord }) {
  const { t } = useTranslation();
  const chain = [device.agentName, device.companyName, device.fleetName].filter(Boolean).join(' › ');
  const connected = durationParts(device.connectedSeconds)
    .map((part) => t(`deviceDetail.duration.${part.unit}`, { count: part.count }))
    .join(' ');
  const items: DescriptionsProps['items'] = [
    { key: 'uuid', label: t('deviceDetail.uuid'), children: <span data-testid="detail-uuid">{device.deviceUuid}</span> },
    { key: 'name', label: t('deviceDetail.name'), children: dash(device.name) },
    { key: 'channels', label: t('deviceDetail.channels'), children: device.channels },
    {
      key: 'vehicle',
      label: t('deviceDetail.vehicle'),
      children: device.licensePlate ? (
        <Link to={pathTo('VehicleList', { licensePlate: device.licensePlate })} data-testid="detail-plate">
          {device.licensePlate}
        </Link>
      ) : (
        <Tag>{t('deviceDetail.unbound')}</Tag>
      ),
    },
    { key: 'org', label: t('deviceDetail.organisation'), children: chain || '—', span: 'filled' },
    { key: 'version', label: t('deviceDetail.firmware'), children: dash(device.version) },
    { key: 'iccid', label: t('deviceDetail.iccid'), children: dash(device.iccid) },
    {
      key: 'dbm',
      label: t('deviceDetail.signal.latest'),
      children: device.position?.dbm == null ? '—' : `${device.position.dbm} dBm`,
    },
    { key: 'state', label: t('deviceDetail.state'), children: <OnlineTag online={device.online} /> },
    { key: 'firstOnline', label: t('deviceDetail.firstOnline'), children: formatTime(device.firstOnlineTime) },
    { key: 'lastOnline', label: t('deviceDetail.lastOnline'), children: formatTime(device.lastOnlineTime) },
    { key: 'lastOffline', label: t('deviceDetail.lastOffline'), children: formatTime(device.lastOfflineTime) },
    { key: 'connected', label: t('deviceDetail.connectionTime'), children: connected },
    { key: 'created', label: t('deviceDetail.created'), children: formatTime(device.createTime) },
  ];
  return (
    <Card size="small" title={t('deviceDetail.identity')}>
      <Descriptions
        size="small"
        bordered
        column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 3, xxl: 3 }}
        items={items}
        data-testid="device-identity"
      />
    </Card>
  );
}
