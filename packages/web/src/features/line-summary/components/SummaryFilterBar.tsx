import { ONLINE_SUMMARY_MAX_DAYS } from '@safety-shield/contract';
import { Form } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ZonedRangePicker } from '../../../shared/time/ZonedPickers.js';
import { useTimeZone } from '../../../shared/time/zone.js';
import { FilterBar, TextFilter } from '../../../shared/ui/list/index.js';
import { useSelfInfo } from '../../auth/index.js';
import { OrgScopeFilters, scopeKindsOf } from '../../orgs/index.js';
import { addDays, type DaySpan, dayOf, lastDays, spanInstants, spanProblem } from './span.js';

export interface SummaryFilters {
  span: DaySpan;
  keyword?: string;
  agentId?: number;
  companyId?: number;
  fleetId?: number;
}

type Range = [Dayjs | null, Dayjs | null] | null;

interface FilterValues {
  range: Range;
  keyword?: string;
  agentId?: number;
  companyId?: number;
  fleetId?: number;
}

/** The picked days, read in the zone whose days the picker shows. */
const spanOfRange = (range: Range, zone: string): DaySpan | undefined => {
  const [start, end] = range ?? [];
  return start && end ? { first: dayOf(start.valueOf(), zone), last: dayOf(end.valueOf(), zone) } : undefined;
};

/** The span's first and last day as the picker's values (instants of their midnights). */
const rangeOfSpan = (span: DaySpan, zone: string): [Dayjs, Dayjs] => {
  const { startTime } = spanInstants(span, zone);
  return [dayjs(startTime), dayjs(spanInstants({ first: span.last, last: span.last }, zone).startTime)];
};

interface Props {
  filters: SummaryFilters;
  today: string;
  onSearch(filters: SummaryFilters): void;
  onReset(): void;
}

/** The span of days (at most 31, none after today), the device's uuid or name, and the organisation it belongs to. */
export function SummaryFilterBar({ filters, today, onSearch, onReset }: Props) {
  const { t } = useTranslation();
  const zone = useTimeZone();
  const role = useSelfInfo().data?.baseInfo.role;
  const values = useMemo<FilterValues>(
    () => ({
      range: rangeOfSpan(filters.span, zone),
      keyword: filters.keyword,
      agentId: filters.agentId,
      companyId: filters.companyId,
      fleetId: filters.fleetId,
    }),
    [filters, zone],
  );
  const preset = (span: DaySpan) => () => {
    const [start, end] = rangeOfSpan(span, zone);
    return [start.valueOf(), end.valueOf()] as [number, number];
  };
  const monthStart = `${today.slice(0, 7)}-01`;
  const presets = [
    { label: t('lineSummary.preset.last7'), value: preset(lastDays(today, 7)) },
    { label: t('lineSummary.preset.last30'), value: preset(lastDays(today, 30)) },
    { label: t('lineSummary.preset.thisMonth'), value: preset({ first: monthStart, last: today }) },
    {
      label: t('lineSummary.preset.lastMonth'),
      value: preset({ first: `${addDays(monthStart, -1).slice(0, 7)}-01`, last: addDays(monthStart, -1) }),
    },
  ];
  const search = (next: FilterValues) => {
    const span = spanOfRange(next.range, zone);
    if (!span) return;
    onSearch({ span, keyword: next.keyword?.trim() || undefined, agentId: next.agentId, companyId: next.companyId, fleetId: next.fleetId });
  };

  return (
    <FilterBar<FilterValues> values={values} onSearch={search} onReset={onReset}>
      <Form.Item
        name="range"
        label={t('lineSummary.range')}
        rules={[
          {
            validator: (_, range: Range) => {
              const span = spanOfRange(range, zone);
              if (!span) return Promise.reject(new Error(t('lineSummary.rangeRequired')));
              return spanProblem(span) === 'tooLong'
                ? Promise.reject(new Error(t('lineSummary.tooLong', { days: ONLINE_SUMMARY_MAX_DAYS })))
                : Promise.resolve();
            },
          },
        ]}
      >
        <ZonedRangePicker
          allowClear={false}
          presets={presets}
          disabledDay={(day) => day.start > Date.now()}
          placeholder={[t('lineSummary.firstDay'), t('lineSummary.lastDay')]}
        />
      </Form.Item>
      <TextFilter name="keyword" label={t('lineSummary.keyword')} placeholder={t('lineSummary.keywordPlaceholder')} width={200} />
      <OrgScopeFilters kinds={scopeKindsOf(role)} labelOf={(kind) => t(`lineSummary.${kind}`)} />
    </FilterBar>
  );
}
