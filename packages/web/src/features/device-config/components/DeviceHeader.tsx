import { pathTo } from '@safety-shield/contract';
import { Card, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DevicePicker, OnlineTag, useDevice } from '../../devices/index.js';

interface Props {
  deviceId: number | undefined;
  onChange(deviceId: number): void;
  /** The other configuration page, linked for the same device, and the link's text. */
  otherPage: 'DeviceConfigInfo' | 'DeviceConfigSetting';
  otherText: string;
}

/** The configuration pages' head: which device (a picker), whether it is online, and the other page about it. */
export function DeviceHeader({ deviceId, onChange, otherPage, otherText }: Props) {
  const { t } = useTranslation();
  const device = useDevice(deviceId);
  return (
    <Card size="small">
      <Flex wrap gap={12} align="center">
        <DevicePicker
          deviceId={deviceId}
          label={device.data?.deviceUuid}
          onChange={onChange}
          placeholder={t('deviceConfig.pickDevice')}
          ariaLabel={t('deviceConfig.device')}
          testId="config-device-picker"
        />
        {device.data && <OnlineTag online={device.data.online} />}
        {deviceId !== undefined && <Link to={pathTo(otherPage, { query: { deviceId } })}>{otherText}</Link>}
      </Flex>
    </Card>
  );
}
