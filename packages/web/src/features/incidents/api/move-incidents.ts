import { api } from '../../../shared/http/api.js';
import { useRefreshingMutation } from '../../../shared/http/mutation.js';

/** Where incidents go: the recycle bin, back out of it, or (only from the bin) away for good with their evidence. */
export type IncidentMove = 'delete' | 'restore' | 'forever';

const calls = {
  delete: api.event.remove,
  restore: api.event.restore,
  forever: api.event.removeForever,
} satisfies Record<IncidentMove, unknown>;

export const moveIncidents = (move: IncidentMove, eventId: number[]) => calls[move]({ eventId });

/** Lists, the bin and the tags' incident counts all change. */
export const useMoveIncidents = (move: IncidentMove) =>
  useRefreshingMutation((eventIds: number[]) => moveIncidents(move, eventIds), [['incidents']]);
