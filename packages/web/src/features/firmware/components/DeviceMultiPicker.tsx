import { useTranslation } from 'react-i18next';
import { type Picked, SearchMultiPicker, type SearchOptions } from '../../../shared/ui/SearchMultiPicker.js';
import { useDevices } from '../../devices/index.js';

export type PickedDevice = Picked;

interface Props {
  value?: PickedDevice[];
  onChange?: (devices: PickedDevice[]) => void;
  id?: string;
}

/** The first 20 devices of the caller's scope whose uuid or name holds the keyword. */
function useDeviceOptions(keyword: string): SearchOptions {
  const devices = useDevices({ page: 1, limit: 20, keyword: keyword || undefined });
  return {
    options: (devices.data?.records ?? []).map((device) => ({
      value: device.deviceId,
      label: device.name ? `${device.deviceUuid} · ${device.name}` : device.deviceUuid,
    })),
    loading: devices.isFetching,
  };
}

/** Devices of the caller's scope found by uuid or name as one types; the chosen keep their names whatever is searched next. */
export function DeviceMultiPicker(props: Props) {
  const { t } = useTranslation();
  return (
    <SearchMultiPicker
      {...props}
      useOptions={useDeviceOptions}
      placeholder={t('firmware.form.devicesPlaceholder')}
      nothing={t('firmware.form.noDevices')}
      testId="campaign-devices"
    />
  );
}
