import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDevices } from '../../devices/index.js';

interface Props {
  deviceId: number | undefined;
  /** The shown device's uuid while the search has not loaded it. */
  label?: string;
  onChange(deviceId: number): void;
}

/** Finds a device of the caller's scope by its uuid or name as one types. */
export function DevicePicker({ deviceId, label, onChange }: Props) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const query = useDevices({ page: 1, limit: 20, keyword: keyword.trim() || undefined });
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
      placeholder={t('deviceDetail.pick')}
      aria-label={t('deviceDetail.pickLabel')}
      notFoundContent={query.isFetching ? undefined : t('deviceDetail.pickNone')}
      style={{ width: '100%', maxWidth: 420 }}
      data-testid="detail-device-picker"
    />
  );
}
