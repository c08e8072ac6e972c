import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { pushClient, useIncidentFeed } from '../../../shared/push/index.js';

/**
 * Counts incidents pushed since the page was opened (or the count was last cleared) and refreshes the loaded
 * lists, so a new one shows on page 1 without a reload; the lists refresh too when the socket comes (back) live.
 */
export function useNewIncidents() {
  const queryClient = useQueryClient();
  const [count, setCount] = useState(0);
  useIncidentFeed(() => {
    setCount((current) => current + 1);
    void queryClient.invalidateQueries({ queryKey: ['incidents', 'list'] });
  });
  // What was filed while the console's socket was still connecting, or away, was pushed to nobody: once it is live
  // again the lists ask anew.
  useEffect(
    () =>
      pushClient().onStatus((status) => {
        if (status === 'live') void queryClient.invalidateQueries({ queryKey: ['incidents', 'list'] });
      }),
    [queryClient],
  );
  const clear = useCallback(() => setCount(0), []);
  return { count, clear };
}
