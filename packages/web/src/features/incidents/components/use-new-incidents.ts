import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useIncidentFeed } from '../../../shared/push/index.js';

/**
 * Counts incidents pushed since the page was opened (or the count was last cleared) and refreshes the loaded
 * lists, so a new one shows on page 1 without a reload.
 */
export function useNewIncidents() {
  const queryClient = useQueryClient();
  const [count, setCount] = useState(0);
  useIncidentFeed(() => {
    setCount((current) => current + 1);
    void queryClient.invalidateQueries({ queryKey: ['incidents', 'list'] });
  });
  const clear = useCallback(() => setCount(0), []);
  return { count, clear };
}
