import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { pushClient, type SosPush } from '../../shared/push/index.js';

/**
 * Hears the S.O.S changes of the caller's scope over the console's WebSocket (the server sends them to every signed-in
 * socket) while mounted: the board's count, card and history are read again, and `onSos` is told.
 */
export function useSosFeed(onSos: (message: SosPush) => void): void {
  const queryClient = useQueryClient();
  const latest = useRef(onSos);
  latest.current = onSos;
  useEffect(
    () =>
      pushClient().watchAlarms('sos', (message) => {
        void queryClient.invalidateQueries({ queryKey: ['sos'] });
        latest.current(message);
      }),
    [queryClient],
  );
}
