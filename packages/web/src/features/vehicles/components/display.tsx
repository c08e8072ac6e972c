import type { VehicleRecord } from '@safety-shield/contract';
import { Flex, Tag, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../shared/ui/format.js';

export const dash = (value: string | number | null | undefined) => (value == null || value === '' ? '—' : value);

export function OnlineTag({ online }: { online: boolean }) {
  const { t } = useTranslation();
  return <Tag color={online ? 'success' : 'default'}>{t(online ? 'vehicles.online' : 'vehicles.offline')}</Tag>;
}

/** Running time as hours and minutes. */
export function formatMinutes(t: TFunction, minutes: number) {
  const hours = Math.floor(minutes / 60);
  return t('vehicles.unit.hoursMinutes', { hours, minutes: minutes % 60 });
}

/** A duration in ms as hours and minutes, at least one minute. */
export const formatDuration = (t: TFunction, ms: number) => formatMinutes(t, Math.max(1, Math.round(ms / 60_000)));

type LeaseFields = Pick<VehicleRecord, 'rentState' | 'leasedToCaller' | 'leaseFleetName' | 'leaseCompanyName' | 'expireTime'>;

/** The rent state as a tag; a lease also names the lessee fleet and when it ends. */
export function RentState({ vehicle }: { vehicle: LeaseFields }) {
  const { t } = useTranslation();
  if (vehicle.rentState === 'available') return <Tag>{t('vehicles.rent.available')}</Tag>;
  const lessee = [vehicle.leaseFleetName, vehicle.leaseCompanyName].filter(Boolean).join(' · ');
  return (
    <Flex vertical gap={2} align="flex-start">
      <Tag color={vehicle.leasedToCaller ? 'blue' : 'orange'}>
        {t(vehicle.leasedToCaller ? 'vehicles.rent.leasedIn' : 'vehicles.rent.leasing')}
      </Tag>
      {lessee && <Typography.Text type="secondary">{t('vehicles.rent.to', { fleet: lessee })}</Typography.Text>}
      {vehicle.expireTime != null && (
        <Typography.Text type="secondary">{t('vehicles.rent.until', { time: formatTime(vehicle.expireTime) })}</Typography.Text>
      )}
    </Flex>
  );
}
