import { defaultPageSize, pageSizes } from '@safety-shield/contract';

/** A list's state as it lives in the URL (STYLE.md: a link reproduces a view). */
export interface ListParams<K extends string> {
  page: number;
  limit: number;
  filters: Partial<Record<K, string>>;
}

const positiveInteger = (text: string | null) => {
  const value = Number(text);
  return Number.isInteger(value) && value > 0 ? value : undefined;
};

/** Reads page, limit and the named filters; a limit outside the spec's page sizes falls back to the default. */
export function readListParams<K extends string>(search: URLSearchParams, filterKeys: readonly K[]): ListParams<K> {
  const limit = positiveInteger(search.get('limit'));
  const filters: Partial<Record<K, string>> = {};
  for (const key of filterKeys) {
    const value = search.get(key)?.trim();
    if (value) filters[key] = value;
  }
  return {
    page: positiveInteger(search.get('page')) ?? 1,
    limit: limit && (pageSizes as readonly number[]).includes(limit) ? limit : defaultPageSize,
    filters,
  };
}

/** Writes a list's state back, keeping unrelated search params; defaults and empty filters are left out. */
export function writeListParams<K extends string>(
  search: URLSearchParams,
  filterKeys: readonly K[],
  params: ListParams<K>,
): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const key of [...filterKeys, 'page', 'limit']) next.delete(key);
  for (const key of filterKeys) {
    const value = params.filters[key]?.trim();
    if (value) next.set(key, value);
  }
  if (params.page > 1) next.set('page', String(params.page));
  if (params.limit !== defaultPageSize) next.set('limit', String(params.limit));
  return next;
}

/** A filter value as a number (an id in the URL), or undefined. */
export const numberFilter = (value: string | undefined) => positiveInteger(value ?? null);

/** How a filter lives in the URL: free text, an id (a positive whole number), or one of a fixed set of values. */
export type FilterKind = 'text' | 'id' | readonly string[];

/** A list's filters by name, each with its kind; declared once beside the page, so it stays the same object. */
export type FilterSpec = Record<string, FilterKind>;

/** The filters' values as the list call and the filter form take them. */
export type FilterValuesOf<S extends FilterSpec> = {
  [K in keyof S]?: S[K] extends 'id' ? number : S[K] extends readonly (infer V)[] ? V : string;
};

/** A filter's text from the URL as its value; malformed (not an id, not one of the set) is no filter. */
export function readFilter(kind: FilterKind, text: string | undefined): string | number | undefined {
  if (kind === 'id') return numberFilter(text);
  if (kind === 'text') return text;
  return kind.find((value) => value === text);
}

/** A filter form's value as its text in the URL: text trimmed, an id written out, a choice as it is. */
export const writeFilter = (value: string | number | null | undefined) => (value == null ? undefined : String(value).trim());
