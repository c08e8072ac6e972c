import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { type ListParams, readListParams, writeListParams } from './list-params.js';

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

/** After a delete empties the last page, step back to the page that now is the last one. */
export function useKeepPageInRange(
  list: Pick<ListParamsApi<string>, 'page' | 'limit' | 'setPage'>,
  total: number | undefined,
  shown: number | undefined,
) {
  const { page, limit, setPage } = list;
  useEffect(() => {
    if (total === undefined || shown !== 0 || page <= 1) return;
    const last = Math.max(1, Math.ceil(total / limit));
    if (page > last) setPage(last, limit);
  }, [total, shown, page, limit, setPage]);
}
