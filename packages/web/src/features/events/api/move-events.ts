import { api } from '../../../shared/http/api.js';
import { useRefreshingMutation } from '../../../shared/http/mutation.js';

/** Where incidents go: the recycle bin, back out of it, or (only from the bin) away for good with their evidence. */
export type EventMove = 'delete' | 'restore' | 'forever';

const calls = {
  delete: api.event.remove,
  restore: api.event.restore,
  forever: api.event.removeForever,
} satisfies Record<EventMove, unknown>;

export const moveEvents = (move: EventMove, eventId: number[]) => calls[move]({ eventId });

/** Lists, the bin and the tags' incident counts all change. */
export const useMoveEvents = (move: EventMove) => useRefreshingMutation((eventIds: number[]) => moveEvents(move, eventIds), [['events']]);
