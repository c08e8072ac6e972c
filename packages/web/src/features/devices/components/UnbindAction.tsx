import { DisconnectOutlined } from '@ant-design/icons';
import type { DeviceRecord } from '@safety-shield/contract';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../../shared/ui/ConfirmAction.js';
import { useUnbindDevice } from '../api/bind-device.js';
import { RowButton } from './RowButton.js';

/** Unbinds a bound device from its vehicle, after a warning naming the vehicle (SPEC section 4). */
export function UnbindAction({ device, compact }: { device: DeviceRecord & { licensePlate: string }; compact: boolean }) {
  const { t } = useTranslation();
  const unbind = useUnbindDevice();
  return (
    <ConfirmAction
      title={t('devices.unbind.confirm', { uuid: device.deviceUuid, plate: device.licensePlate })}
      description={t('devices.unbind.hint', { plate: device.licensePlate })}
      okText={t('devices.unbind.action')}
      danger
      done={t('devices.unbind.done', { plate: device.licensePlate })}
      onConfirm={() => unbind.mutateAsync({ deviceId: device.deviceId })}
    >
      <RowButton compact={compact} label={t('devices.unbind.action')} icon={<DisconnectOutlined />} loading={unbind.isPending} />
    </ConfirmAction>
  );
}
