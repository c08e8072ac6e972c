import { type QueryKey, queryOptions } from '@tanstack/react-query';
import type { CallOptions } from './api.js';

/**
 * A query read once and kept: nothing changes it behind the console's back (a change of its own invalidates it).
 * Silent: its users decide what a failure means.
 */
export const keptQuery = <T>(queryKey: QueryKey, load: (input: undefined, options: CallOptions) => Promise<T>) =>
  queryOptions({ queryKey, queryFn: () => load(undefined, { silent: true }), staleTime: Number.POSITIVE_INFINITY });
