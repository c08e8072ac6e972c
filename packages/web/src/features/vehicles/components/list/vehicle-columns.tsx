import type { VehicleRecord } from '@safety-shield/contract';
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { distanceText, formatTime, speedText } from '../../../../shared/ui/format.js';
import type { ListColumns } from '../../../../shared/ui/list/index.js';
import { dash, OnlineTag, RentState } from '../display.js';
import { VehicleRowActions } from './VehicleRowActions.js';

interface Options {
  manage: boolean;
  onRecord(vehicle: VehicleRecord): void;
  onLease(vehicle: VehicleRecord): void;
}

/**
 * The vehicle list's columns (SPEC section 3's vehicle, as much as fits a row). Priorities (issue 16): plate, presence
 * and fleet first, then speed and the lease; make, devices and mileage as the width allows.
 */
export function useVehicleColumns({ manage, onRecord, onLease }: Options): ListColumns<VehicleRecord> {
  const { t } = useTranslation();
  return [
    {
      title: t('vehicles.licensePlate'),
      dataIndex: 'licensePlate',
      fixed: 'left',
      fitWidth: 130,
      render: (plate: string, vehicle) => (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => onRecord(vehicle)}>
          {plate}
        </Button>
      ),
    },
    {
      title: t('vehicles.brandModel'),
      key: 'brandModel',
      priority: 4,
      fitWidth: 150,
      render: (_, vehicle) => dash([vehicle.brand, vehicle.model].filter(Boolean).join(' ')),
    },
    {
      title: t('vehicles.fleetCompany'),
      key: 'fleet',
      priority: 3,
      fitWidth: 170,
      render: (_, vehicle) => (
        <>
          <div>{dash(vehicle.fleetName)}</div>
          <Typography.Text type="secondary">{dash(vehicle.companyName)}</Typography.Text>
        </>
      ),
    },
    {
      // Online state with the last online time under it: one column, so the row fits a laptop screen.
      title: t('vehicles.presence'),
      dataIndex: 'online',
      priority: 2,
      fitWidth: 180,
      render: (online: boolean, vehicle) => (
        <Flex vertical gap={2} align="flex-start">
          <OnlineTag online={online} />
          <Typography.Text type="secondary" title={t('vehicles.lastOnline')}>
            {formatTime(vehicle.lastOnlineTime)}
          </Typography.Text>
        </Flex>
      ),
    },
    { title: t('vehicles.devices'), dataIndex: 'deviceCount', align: 'right', priority: 5, fitWidth: 90 },
    { title: t('vehicles.rent.label'), key: 'rent', priority: 4, fitWidth: 130, render: (_, vehicle) => <RentState vehicle={vehicle} /> },
    {
      title: t('vehicles.totalMileage'),
      dataIndex: 'totalMileageKm',
      align: 'right',
      priority: 5,
      fitWidth: 130,
      // Whole kilometres in the list; the record shows tenths.
      render: (km: number) => distanceText(km, 0),
    },
    {
      title: t('vehicles.speed'),
      key: 'speed',
      align: 'right',
      priority: 3,
      fitWidth: 100,
      render: (_, vehicle) => (vehicle.position ? speedText(vehicle.position.speed, 0) : '—'),
    },
    {
      title: t('list.actions'),
      key: 'actions',
      fixed: 'right',
      fitWidth: 300,
      render: (_, vehicle) => (
        <VehicleRowActions vehicle={vehicle} manage={manage} onRecord={() => onRecord(vehicle)} onLease={() => onLease(vehicle)} />
      ),
    },
  ];
}
