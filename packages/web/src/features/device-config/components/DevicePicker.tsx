import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDevices } from '../../devices/index.js';

interface Props {
  deviceId: number | undefined;
  /** The device's uuid while the list has not loaded it (the page's own device). */
  label?: string;
  onChange(deviceId: number): void;
}

/** Finds a device of the caller's scope by uuid or name. */
export function DevicePicker({ deviceId, label, onChange }: Props) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const query = useDevices({ page: 1, limit: 20, keyword: keyword || undefined });
  const options = (query.data?.records ?? []).map((device) => ({
    value: device.deviceId,
    label: device.name ? `${device.deviceUuid} · ${device.name}` : device.deviceUuid,
  }));
  if (deviceId !== undefined && label && !options.some((option) => option.value === deviceId)) options.unshift({ value: deviceId, label });
  return (
    <Select
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      value={deviceId}
      options={options}
      loading={query.isFetching}
      onChange={onChange}
      placeholder={t('deviceConfig.pickDevice')}
      aria-label={t('deviceConfig.device')}
      style={{ width: '100%', maxWidth: 420 }}
      data-testid="config-device-picker"
    />
  );
}
