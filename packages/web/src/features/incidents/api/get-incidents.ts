import type { IncidentListQuery } from '@safety-shield/contract';
import { api } from '../../../shared/http/api.js';
import { useQueryKeepingPrevious } from '../../../shared/http/query.js';

/**
 * The incident list, or (recycle bin) the deleted ones; `type` and `tagId` go as repeated keys (SPEC section 7).
 * The previous page stays while the next loads.
 */
export const useIncidents = (params: IncidentListQuery, bin = false) =>
  useQueryKeepingPrevious(['incidents', bin ? 'recycleBin' : 'list', params], () => (bin ? api.event.recycleBin : api.event.list)(params));
