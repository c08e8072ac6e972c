import type { DeviceRecord } from '@safety-shield/contract';
import { Descriptions, type DescriptionsProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime, measureText, speedText } from '../../../shared/ui/format.js';
import { latLngText, placeText } from '../../../shared/ui/place.js';
import { ConnectionTime, dash, OnlineTag } from './display.js';

const position = (device: DeviceRecord, language: string) => {
  const p = device.position;
  if (!p) return '—';
  const place = p.place ? `${placeText(p.place, language)} · ` : '';
  return `${place}${latLngText(p.lat, p.lng)} · ${speedText(p.speed)} · ${measureText(p.heading, 'degree', 0)} · ${formatTime(p.time)}`;
};

/** Every field of a device (SPEC section 3). */
export function DeviceFacts({ device }: { device: DeviceRecord }) {
  const { t, i18n } = useTranslation();
  const org = [device.agentName, device.companyName, device.fleetName].filter(Boolean).join(' / ');
  const items: DescriptionsProps['items'] = [
    { key: 'uuid', label: t('devices.uuid'), children: device.deviceUuid },
    { key: 'name', label: t('devices.name'), children: dash(device.name) },
    { key: 'state', label: t('devices.state'), children: <OnlineTag online={device.online} /> },
    { key: 'plate', label: t('devices.plate'), children: device.licensePlate ?? t('devices.unmatched') },
    { key: 'org', label: t('devices.organisation'), children: org || '—', span: 'filled' },
    { key: 'firstOnline', label: t('devices.firstOnline'), children: formatTime(device.firstOnlineTime) },
    { key: 'lastOnline', label: t('devices.lastOnline'), children: formatTime(device.lastOnlineTime) },
    { key: 'lastOffline', label: t('devices.lastOffline'), children: formatTime(device.lastOfflineTime) },
    { key: 'connected', label: t('devices.connectionTime'), children: <ConnectionTime seconds={device.connectedSeconds} /> },
    { key: 'updated', label: t('devices.updateTime'), children: formatTime(device.updateTime) },
    { key: 'created', label: t('devices.created'), children: formatTime(device.createTime) },
    { key: 'iccid', label: t('devices.iccid'), children: dash(device.iccid) },
    { key: 'version', label: t('devices.version'), children: dash(device.version) },
    { key: 'protocol', label: t('devices.protocol'), children: t(`devices.protocols.${device.protocol}`) },
    { key: 'channels', label: t('devices.channels'), children: device.channels },
    { key: 'dbm', label: t('devices.dbm.label'), children: device.position?.dbm == null ? '—' : `${device.position.dbm} dBm` },
    { key: 'position', label: t('devices.position'), children: position(device, i18n.language), span: 'filled' },
  ];
  return <Descriptions size="small" bordered column={{ xs: 1, sm: 1, md: 1, lg: 2 }} items={items} data-testid="device-facts" />;
}
