import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

/** Where incidents go: the recycle bin, back out of it, or (only from the bin) away for good with their evidence. */
export type EventMove = 'delete' | 'restore' | 'forever';

const calls = {
  delete: api.event.remove,
  restore: api.event.restore,
  forever: api.event.removeForever,
} satisfies Record<EventMove, unknown>;

export const moveEvents = (move: EventMove, eventId: number[]) => calls[move]({ eventId });

export function useMoveEvents(move: EventMove) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (eventIds: number[]) => moveEvents(move, eventIds),
    // Lists, the bin and the tags' incident counts all change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['events'] }),
  });
}
