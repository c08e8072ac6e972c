import type { RentState } from '@safety-shield/contract';
import { useTranslation } from 'react-i18next';
import { FilterBar, SelectFilter, TextFilter } from '../../../../shared/ui/list/index.js';
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
      <TextFilter name="licensePlate" label={t('vehicles.licensePlate')} maxLength={20} width={160} />
      <OrgChainFields levels={levels} />
      <SelectFilter name="online" label={t('vehicles.presence')} width={130} values={['online', 'offline']} textKey="vehicles" />
      <SelectFilter name="rentState" label={t('vehicles.rent.label')} width={150} values={rentStates} textKey="vehicles.rent" />
      <TextFilter name="brand" label={t('vehicles.brand')} maxLength={64} width={140} />
    </FilterBar>
  );
}
