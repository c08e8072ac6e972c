import { useMemo } from 'react';
import { useListParams } from '../../../shared/ui/list/index.js';
import { useEvents } from '../api/get-events.js';
import { EVENT_FILTERS, eventFilters } from './filters.js';

/** An incident list's URL state, its filters as the list call takes them and the page it loaded (the recycle bin's with `bin`). */
export function useEventList(bin = false) {
  const list = useListParams(EVENT_FILTERS);
  const filters = useMemo(() => eventFilters(list.filters), [list.filters]);
  const query = useEvents({ page: list.page, limit: list.limit, ...filters }, bin);
  return { list, filters, query };
}
