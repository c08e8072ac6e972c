import { Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDevices } from '../../devices/index.js';

export interface PickedDevice {
  value: number;
  label: string;
}

interface Props {
  value?: PickedDevice[];
  onChange?: (devices: PickedDevice[]) => void;
  id?: string;
}

/** Devices of the caller's scope found by uuid or name as one types; the chosen keep their names whatever is searched next. */
export function DeviceMultiPicker({ value, onChange, id }: Props) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const devices = useDevices({ page: 1, limit: 20, keyword: keyword.trim() || undefined });
  const options = (devices.data?.records ?? []).map((device) => ({
    value: device.deviceId,
    label: device.name ? `${device.deviceUuid} · ${device.name}` : device.deviceUuid,
  }));
  return (
    <Select<PickedDevice[]>
      id={id}
      mode="multiple"
      labelInValue
      value={value}
      onChange={(next) => onChange?.(next)}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      onOpenChange={(open) => !open && setKeyword('')}
      options={options}
      loading={devices.isFetching}
      placeholder={t('firmware.form.devicesPlaceholder')}
      notFoundContent={devices.isFetching ? t('common.loading') : t('firmware.form.noDevices')}
      style={{ width: '100%' }}
      data-testid="campaign-devices"
    />
  );
}
