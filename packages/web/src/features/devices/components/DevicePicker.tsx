import { Select } from 'antd';
import { useState } from 'react';
import { useDevices } from '../api/get-devices.js';

interface Props {
  deviceId: number | undefined;
  /** The shown device's uuid while the search has not loaded it. */
  label?: string;
  onChange(deviceId: number): void;
  /** The page's own words: its prompt, its name for screen readers, what it says when nothing matches. */
  placeholder: string;
  ariaLabel: string;
  notFound?: string;
  testId: string;
}

/** Finds a device of the caller's scope by its uuid or name as one types (the pages about one device). */
export function DevicePicker({ deviceId, label, onChange, placeholder, ariaLabel, notFound, testId }: Props) {
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
      placeholder={placeholder}
      aria-label={ariaLabel}
      notFoundContent={query.isFetching || !notFound ? undefined : notFound}
      style={{ width: '100%', maxWidth: 420 }}
      data-testid={testId}
    />
  );
}
