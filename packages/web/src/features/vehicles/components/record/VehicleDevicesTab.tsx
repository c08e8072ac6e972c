import { DisconnectOutlined, LinkOutlined } from '@ant-design/icons';
import { MAX_DEVICES_PER_VEHICLE, type VehicleDetail, type VehicleDevice } from '@safety-shield/contract';
import { Button, Flex, Table, type TableColumnsType, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useVehiclePositions } from '../../../../shared/push/index.js';
import { ConfirmAction } from '../../../../shared/ui/ConfirmAction.js';
import { useUnbindDevice } from '../../api/unbind-device.js';
import { dash, OnlineTag } from '../display.js';
import { BindDeviceDialog } from './BindDeviceDialog.js';

/** The devices bound to the vehicle with their presence (kept live); managers bind and unbind. */
export function VehicleDevicesTab({ vehicle, manage }: { vehicle: VehicleDetail; manage: boolean }) {
  const { t } = useTranslation();
  const unbind = useUnbindDevice();
  const [binding, setBinding] = useState(false);
  const live = useVehiclePositions([vehicle.id]).vehicles.get(vehicle.id);
  const full = vehicle.devices.length >= MAX_DEVICES_PER_VEHICLE;

  const columns: TableColumnsType<VehicleDevice> = [
    { title: t('vehicles.device.uuid'), dataIndex: 'deviceUuid' },
    { title: t('vehicles.device.name'), dataIndex: 'name', render: dash },
    { title: t('vehicles.device.channels'), dataIndex: 'channels', align: 'right' },
    { title: t('vehicles.device.version'), dataIndex: 'version', render: dash },
    {
      title: t('vehicles.presence'),
      key: 'online',
      render: (_, device) => <OnlineTag online={live?.devices[device.deviceId] ?? device.online} />,
    },
    ...(manage
      ? [
          {
            title: t('list.actions'),
            key: 'actions',
            render: (_: unknown, device: VehicleDevice) => (
              <ConfirmAction
                title={t('vehicles.device.unbindConfirm', { uuid: device.deviceUuid, plate: vehicle.licensePlate })}
                description={t('vehicles.device.unbindHint')}
                okText={t('vehicles.device.unbind')}
                danger
                done={t('vehicles.device.unbound', { uuid: device.deviceUuid })}
                onConfirm={() => unbind.mutateAsync(device.deviceId)}
              >
                <Button type="link" size="small" danger icon={<DisconnectOutlined />}>
                  {t('vehicles.device.unbind')}
                </Button>
              </ConfirmAction>
            ),
          },
        ]
      : []),
  ];

  return (
    <Flex vertical gap={12}>
      {manage && (
        <Flex justify="flex-end">
          <Tooltip title={full ? t('vehicles.device.full', { max: MAX_DEVICES_PER_VEHICLE }) : undefined}>
            <Button type="primary" icon={<LinkOutlined />} disabled={full} onClick={() => setBinding(true)}>
              {t('vehicles.device.bind')}
            </Button>
          </Tooltip>
        </Flex>
      )}
      <Table<VehicleDevice>
        rowKey="deviceId"
        size="small"
        columns={columns}
        dataSource={vehicle.devices}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('vehicles.device.none') }}
        data-testid="vehicle-devices"
      />
      <BindDeviceDialog vehicle={vehicle} open={binding} onClose={() => setBinding(false)} />
    </Flex>
  );
}
