import { type DeviceFaultFilter, deviceFaultCodes, deviceProtocols } from '@safety-shield/contract';
import { DatePicker, Form } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { daySpanFilters, daySpanValue } from '../../../shared/time/picker.js';
import { FilterBar, type ListParamsApi, SelectFilter, TextFilter } from '../../../shared/ui/list/index.js';
import { OrgScopeFilters } from '../../orgs/index.js';
import type { DeviceFilterKey, DeviceFilters } from './filters.js';
import { OnlineSelect } from './OnlineSelect.js';
import { VersionFilter } from './VersionFilter.js';

type Flag = 'true' | 'false';

interface FilterValues {
  keyword?: string;
  online?: Flag;
  matched?: Flag;
  agentId?: number;
  companyId?: number;
  fleetId?: number;
  version?: string;
  licensePlate?: string;
  created?: [Dayjs, Dayjs] | null;
  faults?: string;
  faultCode?: string;
  protocol?: string;
}

/** The fault filter's choices, the one a manager comes for first. */
const FAULT_FILTERS = ['pending', 'open', 'none'] as const satisfies readonly DeviceFaultFilter[];

const flag = (value: boolean | undefined): Flag | undefined => (value === undefined ? undefined : value ? 'true' : 'false');

/** Every filter of the device list (DeviceListQuery), read from and written to the URL. */
export function DeviceFilterBar({ list, filters }: { list: ListParamsApi<DeviceFilterKey>; filters: DeviceFilters }) {
  const { t } = useTranslation();
  const values = useMemo<FilterValues>(
    () => ({
      keyword: filters.keyword,
      online: flag(filters.online),
      matched: flag(filters.matched),
      agentId: filters.agentId,
      companyId: filters.companyId,
      fleetId: filters.fleetId,
      version: filters.version,
      licensePlate: filters.licensePlate,
      created: daySpanValue(filters.startTime, filters.endTime),
      faults: filters.faults,
      faultCode: filters.faultCode,
      protocol: filters.protocol,
    }),
    [filters],
  );
  const search = (next: FilterValues) =>
    list.setFilters({
      keyword: next.keyword?.trim(),
      online: next.online,
      matched: next.matched,
      agentId: next.agentId?.toString(),
      companyId: next.companyId?.toString(),
      fleetId: next.fleetId?.toString(),
      version: next.version,
      licensePlate: next.licensePlate?.trim(),
      // Whole days in the console's time zone (issue 16), the last one included.
      ...daySpanFilters(next.created),
      faults: next.faults,
      faultCode: next.faultCode,
      protocol: next.protocol,
    });

  return (
    <FilterBar<FilterValues> values={values} onSearch={search} onReset={list.resetFilters}>
      <TextFilter name="keyword" label={t('devices.keyword')} placeholder={t('devices.keywordPlaceholder')} width={200} />
      <TextFilter name="licensePlate" label={t('devices.plate')} width={140} />
      <Form.Item name="online" label={t('devices.state')}>
        <OnlineSelect />
      </Form.Item>
      {/* Issue 29: the devices with a fault that waits for someone (or still holds, or none), and of which kind. */}
      <SelectFilter name="faults" label={t('devices.faults.label')} width={190} values={FAULT_FILTERS} textKey="devices.faults.filter" />
      <SelectFilter name="faultCode" label={t('devices.faults.kind')} width={190} values={deviceFaultCodes} textKey="deviceAlerts.codes" />
      <SelectFilter
        name="matched"
        label={t('devices.binding')}
        width={140}
        options={[
          { value: 'true', label: t('devices.matched') },
          { value: 'false', label: t('devices.unmatched') },
        ]}
      />
      {/* Agent, company and fleet: each narrows the next one's choices to what belongs to it. */}
      <OrgScopeFilters kinds={['agent', 'company', 'fleet']} labelOf={(kind) => t(`devices.${kind}`)} />
      <VersionFilter label={t('devices.version')} width={180} />
      <SelectFilter name="protocol" label={t('devices.protocol')} width={140} values={deviceProtocols} textKey="devices.protocols" />
      <Form.Item name="created" label={t('devices.created')}>
        <DatePicker.RangePicker allowClear />
      </Form.Item>
    </FilterBar>
  );
}
