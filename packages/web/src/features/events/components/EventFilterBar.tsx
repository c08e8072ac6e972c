import { incidentTypes } from '@safety-shield/contract';
import { DatePicker, Form, Input, InputNumber, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar, type ListParamsApi } from '../../../shared/ui/list/index.js';
import { OrgPicker } from '../../orgs/index.js';
import { useTagOptions } from '../api/get-tags.js';
import type { EventFilterKey, EventFilters } from './filters.js';
import { useEventPermissions } from './permissions.js';

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
export function EventFilterBar({ list, filters }: { list: ListParamsApi<EventFilterKey>; filters: EventFilters }) {
  const { t } = useTranslation();
  const can = useEventPermissions();
  const tags = useTagOptions();
  const values = useMemo<FilterValues>(
    () => ({
      range: filters.startTime && filters.endTime ? [dayjs(filters.startTime), dayjs(filters.endTime)] : null,
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
      from: next.range ? String(next.range[0].valueOf()) : undefined,
      to: next.range ? String(next.range[1].valueOf()) : undefined,
      plate: next.plate?.trim(),
      companyId: next.companyId?.toString(),
      fleetId: next.fleetId?.toString(),
      type: joined(next.type),
      tag: joined(next.tag),
      review: next.review,
      minSpeed: text(next.minSpeed),
      maxSpeed: text(next.maxSpeed),
    });
  const now = dayjs();
  const presets = [
    { label: t('events.filter.today'), value: [now.startOf('day'), now.endOf('day')] as [Dayjs, Dayjs] },
    { label: t('events.filter.last7'), value: [now.subtract(6, 'day').startOf('day'), now.endOf('day')] as [Dayjs, Dayjs] },
    { label: t('events.filter.last30'), value: [now.subtract(29, 'day').startOf('day'), now.endOf('day')] as [Dayjs, Dayjs] },
  ];
  // Several tags of several companies may share a name: say whose each is when the caller sees more than one company.
  const manyCompanies = new Set((tags.data ?? []).map((tag) => tag.companyId)).size > 1;

  return (
    <FilterBar<FilterValues> values={values} onSearch={search} onReset={list.resetFilters}>
      <Form.Item name="range" label={t('events.filter.time')}>
        <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" presets={presets} allowClear />
      </Form.Item>
      <Form.Item name="plate" label={t('events.plate')}>
        <Input allowClear style={{ width: 140 }} />
      </Form.Item>
      {can.choosesCompany && <CompanyFleetFilters />}
      {!can.choosesCompany && can.choosesFleet && (
        <Form.Item name="fleetId" label={t('events.fleet')}>
          <OrgPicker kind="fleet" />
        </Form.Item>
      )}
      <Form.Item name="type" label={t('events.type')}>
        <Select
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          style={{ width: 220 }}
          placeholder={t('list.all')}
          options={incidentTypes.map((type) => ({ value: type, label: t(`events.types.${type}`) }))}
          optionFilterProp="label"
        />
      </Form.Item>
      <Form.Item name="tag" label={t('events.tag')}>
        <Select
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          style={{ width: 200 }}
          placeholder={t('list.all')}
          loading={tags.isPending}
          optionFilterProp="label"
          options={(tags.data ?? []).map((tag) => ({
            value: tag.tagId,
            label: manyCompanies && tag.companyName ? `${tag.tagName} (${tag.companyName})` : tag.tagName,
          }))}
        />
      </Form.Item>
      <Form.Item name="review" label={t('events.reviewState')}>
        <Select
          allowClear
          style={{ width: 130 }}
          placeholder={t('list.all')}
          options={[
            { value: 'unread', label: t('events.review.unread') },
            { value: 'reviewed', label: t('events.review.reviewed') },
          ]}
        />
      </Form.Item>
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

/** Company narrows the fleets offered. */
function CompanyFleetFilters() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const companyId = Form.useWatch<number | undefined>('companyId', form);
  return (
    <>
      <Form.Item name="companyId" label={t('events.company')}>
        <OrgPicker kind="company" />
      </Form.Item>
      <Form.Item name="fleetId" label={t('events.fleet')}>
        <OrgPicker kind="fleet" parentId={companyId} />
      </Form.Item>
    </>
  );
}
