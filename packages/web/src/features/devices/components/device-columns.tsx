import { type DeviceRecord, pathTo } from '@safety-shield/contract';
import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ListColumns } from '../../../shared/ui/list/index.js';
import { DeviceRowActions } from './DeviceRowActions.js';
import { ConnectionTime, dash, PresenceCell } from './display.js';
import { DeviceFaults } from './faults.js';

interface Options {
  /** A narrow screen: nothing pinned on the left. */
  narrow: boolean;
  onDetail(device: DeviceRecord): void;
}

/**
 * The device list's columns. Priorities (issue 16): the uuid, where the device is (plate) and whether it is online
 * first; name and owner next; the technical facts (ICCID, version, channels, signal) as the width allows.
 */
export function useDeviceColumns({ narrow, onDetail }: Options): ListColumns<DeviceRecord> {
  const { t } = useTranslation();
  return [
    {
      title: t('devices.uuid'),
      dataIndex: 'deviceUuid',
      fixed: narrow ? undefined : 'left',
      fitWidth: 200,
      // Issue 29: a phone shows little beside the uuid, so what fails on the device stands under it there.
      render: (uuid: string, record) =>
        narrow && record.openFaults.length > 0 ? (
          <Flex vertical gap={4} align="flex-start">
            <span>{uuid}</span>
            <DeviceFaults faults={record.openFaults} />
          </Flex>
        ) : (
          uuid
        ),
    },
    { title: t('devices.name'), dataIndex: 'name', priority: 3, fitWidth: 140, render: dash },
    {
      title: t('devices.plate'),
      dataIndex: 'licensePlate',
      priority: 2,
      fitWidth: 130,
      render: (plate: string | null) =>
        plate ? <Link to={pathTo('VehicleList', { licensePlate: plate })}>{plate}</Link> : <Tag>{t('devices.unmatched')}</Tag>,
    },
    {
      title: t('devices.state'),
      key: 'presence',
      priority: 2,
      fitWidth: 110,
      // Issue 29: "Online" is not all is well: the device's open faults stand under it (on a phone, under the uuid).
      render: (_, record) =>
        narrow || record.openFaults.length === 0 ? (
          <PresenceCell {...record} />
        ) : (
          <Flex vertical gap={4} align="flex-start">
            <PresenceCell {...record} />
            <DeviceFaults faults={record.openFaults} />
          </Flex>
        ),
    },
    {
      title: t('devices.connectionTime'),
      dataIndex: 'connectedSeconds',
      priority: 4,
      fitWidth: 150,
      render: (seconds: number) => <ConnectionTime seconds={seconds} />,
    },
    { title: t('devices.channels'), dataIndex: 'channels', align: 'right', priority: 5, fitWidth: 100 },
    { title: t('devices.version'), dataIndex: 'version', priority: 5, fitWidth: 110, render: dash },
    {
      title: t('devices.protocol'),
      dataIndex: 'protocol',
      priority: 4,
      fitWidth: 110,
      render: (protocol: DeviceRecord['protocol']) => t(`devices.protocols.${protocol}`),
    },
    { title: t('devices.iccid'), dataIndex: 'iccid', priority: 4, fitWidth: 200, render: dash },
    {
      title: t('devices.companyFleet'),
      key: 'org',
      priority: 3,
      fitWidth: 170,
      render: (_, record) => (
        <Flex vertical>
          <span>{dash(record.companyName)}</span>
          {record.fleetName && <Typography.Text type="secondary">{record.fleetName}</Typography.Text>}
        </Flex>
      ),
    },
    {
      title: t('devices.dbm.unit'),
      key: 'dbm',
      align: 'right',
      priority: 5,
      fitWidth: 80,
      render: (_, record) => dash(record.position?.dbm),
    },
    {
      title: t('list.actions'),
      key: 'actions',
      fixed: 'right',
      fitWidth: 210,
      // Icons with their names as tooltips at every width: six labelled buttons took a third of a laptop's row.
      render: (_, record) => <DeviceRowActions device={record} compact onDetail={() => onDetail(record)} />,
    },
  ];
}
