import { DatePicker, Form } from 'antd';
import type { Dayjs } from 'dayjs';
import { type ReactNode, useMemo } from 'react';
import { daySpanFilters, daySpanValue } from '../../time/picker.js';
import { FilterBar } from './FilterBar.js';
import { numberFilter } from './list-params.js';
import type { ListParamsApi } from './use-list-params.js';

type Fields<K extends string> = Partial<Record<K, string | undefined>>;

/** The span of days the bar keeps in the URL, as the instants `from` and `to`; undefined where the span is open. */
export const daySpanOf = (filters: Fields<'from' | 'to'>) => ({ from: numberFilter(filters.from), to: numberFilter(filters.to) });

interface Props<K extends string> {
  list: Pick<ListParamsApi<K | 'from' | 'to'>, 'filters' | 'setFilters' | 'resetFilters'>;
  /** The filters the fields show (as read from the URL). */
  values: Fields<K>;
  rangeLabel: string;
  /** The server takes `to` as the first instant after the span (the logs), not its last. */
  toExclusive?: boolean;
  children: ReactNode;
}

/**
 * A list's filter bar ending in a span of whole days of the console's zone (issue 16), kept in the URL as `from` and
 * `to`; the other fields' texts are trimmed.
 */
export function DaysFilterBar<K extends string>({ list, values, rangeLabel, toExclusive = false, children }: Props<K>) {
  const { from, to } = daySpanOf(list.filters);
  const shown = JSON.stringify(values);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the fields' texts say when the values change
  const formValues = useMemo(() => ({ ...values, range: daySpanValue(from, to, toExclusive) }), [shown, from, to, toExclusive]);
  const search = ({ range, ...fields }: Fields<K> & { range?: [Dayjs, Dayjs] | null }) => {
    const trimmed: Fields<K | 'from' | 'to'> = {};
    for (const [key, value] of Object.entries(fields) as [K, string | undefined][]) trimmed[key] = value?.trim();
    list.setFilters({ ...trimmed, ...daySpanFilters(range, toExclusive) });
  };
  return (
    <FilterBar values={formValues} onSearch={search} onReset={list.resetFilters}>
      {children}
      <Form.Item name="range" label={rangeLabel}>
        <DatePicker.RangePicker allowClear />
      </Form.Item>
    </FilterBar>
  );
}
