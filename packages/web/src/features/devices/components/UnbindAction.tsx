import { DisconnectOutlined } from '@ant-design/icons';
import type { DeviceRecord } from '@safety-shield/contract';
import { App, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUnbindDevice } from '../api/bind-device.js';
import { RowButton } from './RowButton.js';

/** Unbinds a bound device from its vehicle, after a warning naming the vehicle (SPEC section 4). */
export function UnbindAction({ device, compact }: { device: DeviceRecord & { licensePlate: string }; compact: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const unbind = useUnbindDevice();
  return (
    <Popconfirm
      title={t('devices.unbind.confirm', { uuid: device.deviceUuid, plate: device.licensePlate })}
      description={t('devices.unbind.hint', { plate: device.licensePlate })}
      okText={t('devices.unbind.action')}
      okButtonProps={{ danger: true }}
      cancelText={t('common.cancel')}
      onConfirm={async () => {
        try {
          await unbind.mutateAsync({ deviceId: device.deviceId });
          message.success(t('devices.unbind.done', { plate: device.licensePlate }));
        } catch {
          // the HTTP layer has shown the server's reason
        }
      }}
    >
      <RowButton compact={compact} label={t('devices.unbind.action')} icon={<DisconnectOutlined />} loading={unbind.isPending} />
    </Popconfirm>
  );
}
