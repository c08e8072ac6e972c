import { CreditCardOutlined, EditOutlined, LockOutlined, ProfileOutlined, SettingOutlined } from '@ant-design/icons';
import { type DeviceRecord, pathTo } from '@safety-shield/contract';
import { Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DeviceDeleteAction } from './DeviceDeleteAction.js';
import { EditDeviceDialog } from './EditDeviceDialog.js';
import { IccidDialog } from './IccidDialog.js';
import { RowButton } from './RowButton.js';
import { RowLink } from './RowLink.js';
import { UnbindAction } from './UnbindAction.js';

type Dialog = 'edit' | 'iccid';

/** Four small icon buttons (24 px each). */
const COMPACT_LINE = 4 * 24;

interface Props {
  device: DeviceRecord;
  onDetail(): void;
  /** Icons only (narrow screens). */
  compact: boolean;
}

/** A device row's actions in the device list: detail, edit, configuration, lock, ICCID, unbind and delete. */
export function DeviceRowActions({ device, onDetail, compact }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<Dialog>();
  const plate = device.licensePlate;
  return (
    // On a phone the seven icons go in two lines of four: in one they pushed the row 12 px past a 390 px screen.
    <Space size={0} wrap style={compact ? { maxWidth: COMPACT_LINE } : undefined}>
      <RowButton compact={compact} label={t('devices.detail.action')} icon={<ProfileOutlined />} onClick={onDetail} />
      <RowButton compact={compact} label={t('list.edit')} icon={<EditOutlined />} onClick={() => setDialog('edit')} />
      <RowButton
        compact={compact}
        label={t('deviceConfig.action')}
        icon={<SettingOutlined />}
        onClick={() => void navigate(pathTo('DeviceConfigSetting', { query: { deviceId: device.deviceId } }))}
        data-testid="device-config-action"
      />
      {/* Issue 29: the device's lock, one click from its row (it was four levels deep). */}
      <RowLink
        compact={compact}
        label={t('route.deviceLock')}
        icon={<LockOutlined />}
        to={pathTo('DeviceLocks', { query: { keyword: device.deviceUuid } })}
        testId="device-lock-action"
      />
      <RowButton
        compact={compact}
        label={t('devices.iccidDialog.action')}
        icon={<CreditCardOutlined />}
        onClick={() => setDialog('iccid')}
      />
      {plate && <UnbindAction device={{ ...device, licensePlate: plate }} compact={compact} />}
      <DeviceDeleteAction device={device} compact={compact} />
      {dialog === 'edit' && <EditDeviceDialog device={device} onClose={() => setDialog(undefined)} />}
      {dialog === 'iccid' && <IccidDialog device={device} onClose={() => setDialog(undefined)} />}
    </Space>
  );
}
