import { deviceAlertStates, deviceFaultCodes } from '@safety-shield/contract';
import { Form, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar, type ListParamsApi, SelectFilter, TextFilter } from '../../../shared/ui/list/index.js';
import { ALL_STATES, type AlertFilterKey, type AlertFilters } from './filters.js';

interface FilterValues {
  state?: string;
  code?: string;
  keyword?: string;
}

/** State (pending first), fault and device or plate, read from and written to the URL. */
export function AlertFilterBar({ list, filters }: { list: ListParamsApi<AlertFilterKey>; filters: AlertFilters }) {
  const { t } = useTranslation();
  const values = useMemo<FilterValues>(
    () => ({ state: filters.state ?? ALL_STATES, code: filters.code, keyword: filters.keyword }),
    [filters],
  );
  return (
    <FilterBar<FilterValues>
      values={values}
      onSearch={(next) => list.setFilters({ state: next.state, code: next.code, keyword: next.keyword?.trim() })}
      onReset={list.resetFilters}
    >
      <Form.Item name="state" label={t('deviceAlerts.state')}>
        <Select
          style={{ width: 170 }}
          data-testid="alert-state-filter"
          options={[
            ...[...deviceAlertStates, 'open' as const].map((state) => ({ value: state, label: t(`deviceAlerts.states.${state}`) })),
            { value: ALL_STATES, label: t('list.all') },
          ]}
        />
      </Form.Item>
      <SelectFilter name="code" label={t('deviceAlerts.fault')} width={200} values={deviceFaultCodes} textKey="deviceAlerts.codes" />
      <TextFilter name="keyword" label={t('deviceAlerts.keyword')} placeholder={t('deviceAlerts.keywordPlaceholder')} width={220} />
    </FilterBar>
  );
}
