import { LinkOutlined } from '@ant-design/icons';
import type { DeviceRecord } from '@safety-shield/contract';
import { Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BindDeviceDialog } from './BindDeviceDialog.js';
import { DeviceDeleteAction } from './DeviceDeleteAction.js';
import { RowButton } from './RowButton.js';

/** An unmatched device's row actions: bind it to a vehicle, or delete it. */
export function UnmatchedActions({ device, compact }: { device: DeviceRecord; compact: boolean }) {
  const { t } = useTranslation();
  const [binding, setBinding] = useState(false);
  return (
    <Space size={0}>
      <RowButton compact={compact} label={t('devices.bind.action')} icon={<LinkOutlined />} onClick={() => setBinding(true)} />
      <DeviceDeleteAction device={device} compact={compact} />
      {binding && <BindDeviceDialog device={device} onClose={() => setBinding(false)} />}
    </Space>
  );
}
