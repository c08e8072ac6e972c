import { incidentTypes } from '@safety-shield/contract';
import { DatePicker, Form, InputNumber, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { fromPickerValue, toPickerValue } from '../../../shared/time/picker.js';
import { labelledRangePresets, severalChoices, tagOptions } from '../../../shared/ui/incident-filters.js';
import { FilterBar, type ListParamsApi, SelectFilter, TextFilter } from '../../../shared/ui/list/index.js';
import { OrgScopeFilters } from '../../orgs/index.js';
import { useTagOptions } from '../api/get-tags.js';
import type { IncidentFilterKey, IncidentFilters } from './filters.js';
import { useIncidentPermissions } from './permissions.js';

interface FilterValues {
  range?: [Dayjs, Dayjs] | null;
  plate?: string;
  companyId?: number;
  fleetId?: number;
  type?: string[];
  tag?: number[];
  review?: string;
  minSpeed?: number | null;
  maxSpeed?: number | null;
}

const joined = (values: readonly (string | number)[] | undefined) => (values?.length ? values.join(',') : undefined);
const text = (value: number | null | undefined) => (value == null ? undefined : String(value));

/** Every filter of the incident list (IncidentListQuery), read from and written to the URL. */
export function IncidentFilterBar({ list, filters }: { list: ListParamsApi<IncidentFilterKey>; filters: IncidentFilters }) {
  const { t } = useTranslation();
  const can = useIncidentPermissions();
  const tags = useTagOptions();
  const values = useMemo<FilterValues>(
    () => ({
      range: filters.startTime && filters.endTime ? [toPickerValue(filters.startTime), toPickerValue(filters.endTime)] : null,
      plate: filters.licensePlate,
      companyId: filters.companyId,
      fleetId: filters.fleetId,
      type: filters.type,
      tag: filters.tagId,
      review: filters.reviewState,
      minSpeed: filters.minSpeed ?? null,
      maxSpeed: filters.maxSpeed ?? null,
    }),
    [filters],
  );
  const search = (next: FilterValues) =>
    list.setFilters({
      // The picked wall clock is the console's zone's (issue 16).
      from: next.range ? String(fromPickerValue(next.range[0])) : undefined,
      to: next.range ? String(fromPickerValue(next.range[1])) : undefined,
      plate: next.plate?.trim(),
      companyId: next.companyId?.toString(),
      fleetId: next.fleetId?.toString(),
      type: joined(next.type),
      tag: joined(next.tag),
      review: next.review,
      minSpeed: text(next.minSpeed),
      maxSpeed: text(next.maxSpeed),
    });
  const presets = labelledRangePresets(t, 'events.filter');

  return (
    <FilterBar<FilterValues> values={values} onSearch={search} onReset={list.resetFilters}>
      <Form.Item name="range" label={t('events.filter.time')}>
        <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" presets={presets} allowClear />
      </Form.Item>
      <TextFilter name="plate" label={t('events.plate')} width={140} />
      {/* Company narrows the fleets offered. */}
      <OrgScopeFilters
        kinds={can.choosesCompany ? ['company', 'fleet'] : can.choosesFleet ? ['fleet'] : []}
        labelOf={(kind) => t(`events.${kind}`)}
      />
      <SelectFilter name="type" label={t('events.type')} width={220} {...severalChoices} values={incidentTypes} textKey="events.types" />
      <SelectFilter
        name="tag"
        label={t('events.tag')}
        width={200}
        {...severalChoices}
        loading={tags.isPending}
        options={tagOptions(tags.data, t)}
      />
      <SelectFilter name="review" label={t('events.reviewState')} width={130} values={['unread', 'reviewed']} textKey="events.review" />
      <Form.Item label={t('events.filter.speed')}>
        <Space.Compact>
          <Form.Item name="minSpeed" noStyle>
            <InputNumber min={0} placeholder={t('events.filter.min')} style={{ width: 90 }} aria-label={t('events.filter.minSpeed')} />
          </Form.Item>
          <Form.Item name="maxSpeed" noStyle>
            <InputNumber min={0} placeholder={t('events.filter.max')} style={{ width: 90 }} aria-label={t('events.filter.maxSpeed')} />
          </Form.Item>
        </Space.Compact>
      </Form.Item>
    </FilterBar>
  );
}
