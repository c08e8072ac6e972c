import { useMemo } from 'react';
import { useListParams } from '../../../shared/ui/list/index.js';
import { useIncidents } from '../api/get-incidents.js';
import { INCIDENT_FILTERS, incidentFilters } from './filters.js';

/** An incident list's URL state, its filters as the list call takes them and the page it loaded (the recycle bin's with `bin`). */
export function useIncidentList(bin = false) {
  const list = useListParams(INCIDENT_FILTERS);
  const filters = useMemo(() => incidentFilters(list.filters), [list.filters]);
  const query = useIncidents({ page: list.page, limit: list.limit, ...filters }, bin);
  return { list, filters, query };
}
