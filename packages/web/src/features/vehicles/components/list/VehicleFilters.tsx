import type { RentState } from '@safety-shield/contract';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FilterBar, SelectFilter } from '../../../../shared/ui/list/index.js';
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
      <SelectFilter name="online" label={t('vehicles.presence')} width={130} values={['online', 'offline']} textKey="vehicles" />
      <SelectFilter name="rentState" label={t('vehicles.rent.label')} width={150} values={rentStates} textKey="vehicles.rent" />
      <Form.Item name="brand" label={t('vehicles.brand')}>
        <Input allowClear maxLength={64} style={{ width: 140 }} />
      </Form.Item>
    </FilterBar>
  );
}
