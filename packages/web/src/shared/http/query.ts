import { keepPreviousData, type QueryKey, queryOptions, useQuery } from '@tanstack/react-query';
import type { CallOptions } from './api.js';

/**
 * A query read once and kept: nothing changes it behind the console's back (a change of its own invalidates it).
 * Silent: its users decide what a failure means.
 */
export const keptQuery = <T>(queryKey: QueryKey, load: (input: undefined, options: CallOptions) => Promise<T>) =>
  queryOptions({ queryKey, queryFn: () => load(undefined, { silent: true }), staleTime: Number.POSITIVE_INFINITY });

/**
 * A list (or figures) asked for only once its query is known: a drawer's rows while it is open, a report once its range
 * is chosen. The answer before stays on screen while the next one loads.
 */
export const useQueryOnceKnown = <Q, T>(key: QueryKey, query: Q | undefined, load: (query: Q) => Promise<T>) =>
  useQuery({
    queryKey: [...key, query],
    queryFn: () => load(query as Q),
    enabled: query !== undefined,
    placeholderData: keepPreviousData,
  });

/** A list (or figures) for the query given: the answer before stays on screen while the next one loads. */
export const useQueryKeepingPrevious = <T>(queryKey: QueryKey, load: () => Promise<T>) =>
  useQuery({ queryKey, queryFn: load, placeholderData: keepPreviousData });
