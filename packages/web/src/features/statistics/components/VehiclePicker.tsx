import { Select } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useVehicleOptions } from '../../devices/index.js';

interface Props {
  id?: string;
  value?: number;
  onChange?: (id: number | undefined) => void;
}

/** Picks one of the caller's vehicles as the data source; typing searches plates on the server. */
export function VehiclePicker({ id, value, onChange }: Props) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const search = useDeferredValue(keyword.trim());
  const { data, isFetching } = useVehicleOptions(search, true);
  const options = (data ?? []).map((option) => ({ value: option.id, label: option.licensePlate }));
  if (value !== undefined && !options.some((option) => option.value === value)) options.unshift({ value, label: `#${value}` });
  return (
    <Select
      id={id}
      data-testid="statistics-vehicle"
      style={{ width: 170 }}
      value={value}
      onChange={(next) => onChange?.(next ?? undefined)}
      options={options}
      loading={isFetching}
      allowClear
      placeholder={t('list.all')}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      onOpenChange={(open) => !open && setKeyword('')}
      notFoundContent={isFetching ? t('common.loading') : t('statistics.noVehicles')}
    />
  );
}
