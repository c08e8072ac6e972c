import { coachingSorts, incidentTypes, type Role } from '@safety-shield/contract';
import { DatePicker, Form, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPickerValue, toPickerValue } from '../../../shared/time/picker.js';
import { labelledRangePresets, severalChoices } from '../../../shared/ui/incident-filters.js';
import { FilterBar, type ListParamsApi, SelectFilter, TextFilter } from '../../../shared/ui/list/index.js';
import { useSelfInfo } from '../../auth/index.js';
import { OrgScopeFilters } from '../../orgs/index.js';
import { type QueueFilterKey, stateChoiceOf, stateChoices } from './filters.js';

interface FilterValues {
  state?: string;
  range?: [Dayjs, Dayjs] | null;
  plate?: string;
  companyId?: number;
  fleetId?: number;
  type?: string[];
  sort?: string;
}

/** The organisation levels above a role's own that it may narrow the queue to (a Fleet Admin's is its fleet). */
const scopeKinds = (role: Role | undefined) => {
  if (role === 'SUPER_ADMIN' || role === 'SUPER_ASSISTANT' || role === 'AGENT_ADMIN') return ['company', 'fleet'] as const;
  if (role === 'COMPANY_ADMIN') return ['fleet'] as const;
  return [] as const;
};

/** The queue's filters (CoachingQueueQuery), read from and written to the URL. */
export function QueueFilterBar({ list }: { list: ListParamsApi<QueueFilterKey> }) {
  const { t } = useTranslation();
  const role = useSelfInfo().data?.baseInfo.role;
  const { filters } = list;
  const values = useMemo<FilterValues>(() => {
    const from = Number(filters.from);
    const to = Number(filters.to);
    return {
      state: stateChoiceOf(filters.state),
      range: from > 0 && to > 0 ? [toPickerValue(from), toPickerValue(to)] : null,
      plate: filters.plate,
      companyId: filters.companyId ? Number(filters.companyId) : undefined,
      fleetId: filters.fleetId ? Number(filters.fleetId) : undefined,
      type: filters.type ? filters.type.split(',') : undefined,
      sort: filters.sort ?? 'oldest',
    };
  }, [filters]);
  const search = (next: FilterValues) =>
    list.setFilters({
      state: next.state,
      // The picked wall clock is the console's zone's (issue 16).
      from: next.range ? String(fromPickerValue(next.range[0])) : undefined,
      to: next.range ? String(fromPickerValue(next.range[1])) : undefined,
      plate: next.plate?.trim(),
      companyId: next.companyId?.toString(),
      fleetId: next.fleetId?.toString(),
      type: next.type?.length ? next.type.join(',') : undefined,
      sort: next.sort === 'oldest' ? undefined : next.sort,
    });
  const presets = labelledRangePresets(t, 'coaching.filter');

  return (
    <FilterBar<FilterValues> values={values} onSearch={search} onReset={list.resetFilters}>
      <Form.Item name="state" label={t('coaching.stateLabel')}>
        <Select
          style={{ width: 170 }}
          options={stateChoices.map((value) => ({ value, label: t(`coaching.filter.state.${value}`) }))}
          data-testid="coaching-state-filter"
        />
      </Form.Item>
      <TextFilter name="plate" label={t('coaching.plate')} width={140} />
      <OrgScopeFilters kinds={scopeKinds(role)} labelOf={(kind) => t(`coaching.${kind}`)} />
      <SelectFilter name="type" label={t('coaching.type')} width={220} {...severalChoices} values={incidentTypes} textKey="events.types" />
      <Form.Item name="range" label={t('coaching.filter.time')}>
        <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" presets={presets} allowClear />
      </Form.Item>
      <Form.Item name="sort" label={t('coaching.filter.sort')}>
        <Select style={{ width: 210 }} options={coachingSorts.map((value) => ({ value, label: t(`coaching.sort.${value}`) }))} />
      </Form.Item>
    </FilterBar>
  );
}
