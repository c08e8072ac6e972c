import { DeleteOutlined } from '@ant-design/icons';
import type { DeviceRecord } from '@safety-shield/contract';
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfirmAction } from '../../../shared/ui/ConfirmAction.js';
import { useDeleteDevice } from '../api/delete-device.js';
import { RowButton } from './RowButton.js';

/**
 * Deletes a device after asking (the list's DeleteAction, in a compact form for narrow screens). A bound device cannot
 * be deleted (DEVICE_DELETE_ASSOCIATE_FAIL), so its button is off and says why.
 */
export function DeviceDeleteAction({ device, compact }: { device: DeviceRecord; compact: boolean }) {
  const { t } = useTranslation();
  const remove = useDeleteDevice();
  const label = t('list.delete');
  if (device.licensePlate) {
    return (
      <Tooltip title={t('devices.deleteBound', { plate: device.licensePlate })}>
        {/* A disabled button fires no pointer events: the span carries the tooltip. */}
        <span>
          <RowButton compact={compact} label={label} icon={<DeleteOutlined />} danger disabled />
        </span>
      </Tooltip>
    );
  }
  return (
    <ConfirmAction
      title={t('list.deleteConfirm', { name: device.deviceUuid })}
      description={t('devices.deleteHint')}
      okText={label}
      danger
      done={t('list.deleted')}
      onConfirm={() => remove.mutateAsync(device.deviceId)}
    >
      <RowButton compact={compact} label={label} icon={<DeleteOutlined />} danger />
    </ConfirmAction>
  );
}
