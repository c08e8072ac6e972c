import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/http/client.js';

/** Where incidents go: the recycle bin, back out of it, or (only from the bin) away for good with their evidence. */
export type EventMove = 'delete' | 'restore' | 'forever';

const paths: Record<EventMove, string> = {
  delete: '/v2/event/info/delete/batch',
  restore: '/v2/event/info/restore',
  forever: '/v2/event/info/forever',
};

export const moveEvents = (move: EventMove, eventId: number[]) => http.put<null>(paths[move], { eventId });

export function useMoveEvents(move: EventMove) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (eventIds: number[]) => moveEvents(move, eventIds),
    // Lists, the bin and the tags' incident counts all change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['events'] }),
  });
}
