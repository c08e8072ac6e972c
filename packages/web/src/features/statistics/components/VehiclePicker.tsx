import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useVehicleSearch } from '../../devices/index.js';

interface Props {
  id?: string;
  value?: number;
  onChange?: (id: number | undefined) => void;
}

/** Picks one of the caller's vehicles as the data source; typing searches plates on the server. */
export function VehiclePicker({ id, value, onChange }: Props) {
  const { t } = useTranslation();
  const { vehicles, searchProps } = useVehicleSearch(t('statistics.noVehicles'));
  const options = vehicles.map((option) => ({ value: option.id, label: option.licensePlate }));
  if (value !== undefined && !options.some((option) => option.value === value)) options.unshift({ value, label: `#${value}` });
  return (
    <Select
      id={id}
      data-testid="statistics-vehicle"
      style={{ width: 170 }}
      value={value}
      onChange={(next) => onChange?.(next ?? undefined)}
      options={options}
      allowClear
      placeholder={t('list.all')}
      {...searchProps}
    />
  );
}
