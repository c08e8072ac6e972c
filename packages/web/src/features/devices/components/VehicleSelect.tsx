import { MAX_DEVICES_PER_VEHICLE } from '@safety-shield/contract';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useVehicleSearch } from './use-vehicle-search.js';

interface Props {
  id?: string;
  value?: number;
  onChange?: (id: number | undefined) => void;
  /** The plate to show for a value not among the options (a vehicle just created). */
  valueLabel?: string;
  /** The chosen vehicle's plate, for messages that name it. */
  onPlate?: (plate: string | undefined) => void;
}

/** Picks a vehicle the caller may bind to; typing searches plates on the server; each shows how full it is. */
export function VehicleSelect({ id, value, onChange, valueLabel, onPlate }: Props) {
  const { t } = useTranslation();
  const { vehicles, searchProps } = useVehicleSearch(t('devices.bind.noVehicles'));
  const options = vehicles.map((option) => ({
    value: option.id,
    plate: option.licensePlate,
    label: t('devices.bind.vehicleOption', { plate: option.licensePlate, count: option.deviceCount, max: MAX_DEVICES_PER_VEHICLE }),
  }));
  if (value !== undefined && !options.some((option) => option.value === value))
    options.unshift({ value, plate: valueLabel ?? `#${value}`, label: valueLabel ?? `#${value}` });
  return (
    <Select
      id={id}
      data-testid="vehicle-select"
      value={value}
      onChange={(next, option) => {
        onChange?.(next ?? undefined);
        onPlate?.(Array.isArray(option) ? undefined : option?.plate);
      }}
      options={options}
      allowClear
      placeholder={t('devices.bind.vehiclePlaceholder')}
      {...searchProps}
    />
  );
}
