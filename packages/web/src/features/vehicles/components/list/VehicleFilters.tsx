import type { RentState } from '@safety-shield/contract';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { FilterBar } from '../../../../shared/ui/list/index.js';
import { OrgChainFields } from '../form/OrgChainFields.js';
import type { orgLevelsFor } from '../permissions.js';

export interface VehicleFilterValues {
  licensePlate?: string | undefined;
  agentId?: number | undefined;
  companyId?: number | undefined;
  fleetId?: number | undefined;
  online?: 'online' | 'offline' | undefined;
  rentState?: RentState | undefined;
  brand?: string | undefined;
}

interface Props {
  values: VehicleFilterValues;
  levels: ReturnType<typeof orgLevelsFor>;
  onSearch(values: VehicleFilterValues): void;
  onReset(): void;
}

const rentStates: RentState[] = ['available', 'leasing'];

/** The vehicle list's filters: plate, the organisation chain the role may choose in, presence, rent state, brand. */
export function VehicleFilters({ values, levels, onSearch, onReset }: Props) {
  const { t } = useTranslation();
  return (
    <FilterBar<VehicleFilterValues> values={values} onSearch={onSearch} onReset={onReset}>
      <Form.Item name="licensePlate" label={t('vehicles.licensePlate')}>
        <Input allowClear maxLength={20} style={{ width: 160 }} />
      </Form.Item>
      <OrgChainFields levels={levels} />
      <Form.Item name="online" label={t('vehicles.presence')}>
        <Select
          allowClear
          style={{ width: 130 }}
          placeholder={t('list.all')}
          options={[
            { value: 'online', label: t('vehicles.online') },
            { value: 'offline', label: t('vehicles.offline') },
          ]}
        />
      </Form.Item>
      <Form.Item name="rentState" label={t('vehicles.rent.label')}>
        <Select
          allowClear
          style={{ width: 150 }}
          placeholder={t('list.all')}
          options={rentStates.map((value) => ({ value, label: t(`vehicles.rent.${value}`) }))}
        />
      </Form.Item>
      <Form.Item name="brand" label={t('vehicles.brand')}>
        <Input allowClear maxLength={64} style={{ width: 140 }} />
      </Form.Item>
    </FilterBar>
  );
}
