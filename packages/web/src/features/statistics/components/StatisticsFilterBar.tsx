import { incidentTypes, type StatisticsQuery } from '@safety-shield/contract';
import { Form } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { tagOptions } from '../../../shared/ui/incident-filters.js';
import { FilterBar, SelectFilter } from '../../../shared/ui/list/index.js';
import { useSelfInfo } from '../../auth/index.js';
import { useTagOptions } from '../../incidents/index.js';
import { OrgScopeFilters, scopeKindsOf } from '../../orgs/index.js';
import { VehiclePicker } from './VehiclePicker.js';

interface FilterValues {
  agentId?: number;
  companyId?: number;
  fleetId?: number;
  vehicleId?: number;
  tagId?: number;
  type?: string;
}

/** Tag and incident type: their own part, so the tags are asked only where they are offered. */
function IncidentFilters() {
  const { t } = useTranslation();
  const tags = useTagOptions();
  return (
    <>
      <SelectFilter
        name="tagId"
        label={t('statistics.filter.tag')}
        width={200}
        showSearch={{ optionFilterProp: 'label' }}
        loading={tags.isPending}
        options={tagOptions(tags.data, t)}
        data-testid="statistics-tag"
      />
      <SelectFilter
        name="type"
        label={t('statistics.filter.type')}
        width={200}
        showSearch={{ optionFilterProp: 'label' }}
        values={incidentTypes}
        textKey="events.types"
        data-testid="statistics-type"
      />
    </>
  );
}

interface Props {
  query: StatisticsQuery;
  /** Tag and incident type filter incidents: the safety score weighs all of them, so its tab leaves them out. */
  incidentFilters: boolean;
  onSearch(values: FilterValues): void;
}

/** The data source (organisation level, fleet, vehicle), tag and incident type; written to the URL on Search. */
export function StatisticsFilterBar({ query, incidentFilters, onSearch }: Props) {
  const { t } = useTranslation();
  const role = useSelfInfo().data?.baseInfo.role;
  const values = useMemo<FilterValues>(
    () => ({
      agentId: query.agentId,
      companyId: query.companyId,
      fleetId: query.fleetId,
      vehicleId: query.vehicleId,
      tagId: query.tagId,
      type: query.type,
    }),
    [query],
  );
  return (
    <FilterBar<FilterValues> values={values} onSearch={onSearch} onReset={() => onSearch({})}>
      <OrgScopeFilters kinds={scopeKindsOf(role)} labelOf={(kind) => t(`statistics.filter.${kind}`)} />
      <Form.Item name="vehicleId" label={t('statistics.filter.vehicle')}>
        <VehiclePicker />
      </Form.Item>
      {incidentFilters && <IncidentFilters />}
    </FilterBar>
  );
}
