import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  type FilterSpec,
  type FilterValuesOf,
  type ListParams,
  readFilter,
  readListParams,
  writeFilter,
  writeListParams,
} from './list-params.js';

export interface ListParamsApi<K extends string> extends ListParams<K> {
  /** A page or page-size change of the table. */
  setPage(page: number, limit: number): void;
  /** New filters start again at page 1. */
  setFilters(filters: Partial<Record<K, string | undefined>>): void;
  resetFilters(): void;
}

/** Page, limit and filters of a list, kept in the URL's search params; `filterKeys` must be a stable array. */
export function useListParams<K extends string>(filterKeys: readonly K[]): ListParamsApi<K> {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => readListParams(search, filterKeys), [search, filterKeys]);

  const write = useCallback(
    (next: ListParams<K>) => setSearch((current) => writeListParams(current, filterKeys, next)),
    [setSearch, filterKeys],
  );
  const setPage = useCallback(
    (page: number, limit: number) => write({ ...params, page: limit === params.limit ? page : 1, limit }),
    [write, params],
  );
  const setFilters = useCallback(
    (filters: Partial<Record<K, string | undefined>>) => {
      const clean: Partial<Record<K, string>> = {};
      for (const [key, value] of Object.entries(filters) as [K, string | undefined][]) if (value) clean[key] = value;
      write({ ...params, page: 1, filters: clean });
    },
    [write, params],
  );
  const resetFilters = useCallback(() => write({ ...params, page: 1, filters: {} }), [write, params]);

  return { ...params, setPage, setFilters, resetFilters };
}

export interface FilteredList<S extends FilterSpec> extends ListParamsApi<keyof S & string> {
  /** The filters as values of their kinds; a new object only when one of them changes (the filter form follows it). */
  values: FilterValuesOf<S>;
  /** A search with the filter form's values. */
  search(values: FilterValuesOf<S>): void;
}

/** A list whose filters have kinds (`spec`, a constant): read from the URL and written back by their kind. */
export function useFilteredList<S extends FilterSpec>(spec: S): FilteredList<S> {
  const keys = useMemo(() => Object.keys(spec) as (keyof S & string)[], [spec]);
  const list = useListParams(keys);
  const texts = JSON.stringify(keys.map((key) => list.filters[key] ?? null));
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters' texts say when the values change
  const values = useMemo(() => {
    const read = keys.map((key) => [key, readFilter(spec[key] as FilterSpec[string], list.filters[key])] as const);
    return Object.fromEntries(read.filter(([, value]) => value !== undefined)) as FilterValuesOf<S>;
  }, [texts, keys, spec]);
  const { setFilters } = list;
  const search = useCallback(
    (next: FilterValuesOf<S>) => {
      const written: Partial<Record<keyof S & string, string>> = {};
      for (const key of keys) written[key] = writeFilter(next[key] as string | number | undefined);
      setFilters(written);
    },
    [setFilters, keys],
  );
  return { ...list, values, search };
}

/** After a delete empties the last page, step back to the page that now is the last one. */
export function useKeepPageInRange(
  list: Pick<ListParamsApi<string>, 'page' | 'limit' | 'setPage'> | undefined,
  data: { total: number; records: readonly unknown[] } | undefined,
) {
  const { page = 1, limit = 1, setPage } = list ?? {};
  const total = data?.total;
  const shown = data?.records.length;
  useEffect(() => {
    if (!setPage || total === undefined || shown !== 0 || page <= 1) return;
    const last = Math.max(1, Math.ceil(total / limit));
    if (page > last) setPage(last, limit);
  }, [total, shown, page, limit, setPage]);
}

/**
 * A page's view held in its URL (a report's or the statistics' range, organisation and tab): its values, and `set`,
 * which changes some of them and keeps the rest.
 */
export function useUrlView<K extends string>(keys: readonly K[]) {
  const list = useListParams(keys);
  const { filters } = list;
  const set = (changes: Partial<Record<K, string | undefined>>) => list.setFilters({ ...filters, ...changes });
  return { filters, set };
}
