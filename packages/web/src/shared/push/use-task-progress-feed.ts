import { type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { DeviceTaskPush } from './push-client.js';
import { pushClient } from './push-singleton.js';

/**
 * While mounted, each pushed device-task progress is applied to the cached counts at once (`apply`), and the queries
 * under `keys` are read again at most once every `refreshMs` while progress keeps coming. `apply` and `keys` must be
 * stable.
 */
export function useTaskProgressFeed(
  apply: (queryClient: QueryClient, progress: DeviceTaskPush) => void,
  keys: readonly QueryKey[],
  refreshMs: number,
): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = pushClient().watchAlarms('deviceTask', (message) => {
      apply(queryClient, message);
      timer ??= setTimeout(() => {
        timer = undefined;
        for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
      }, refreshMs);
    });
    return () => {
      stop();
      if (timer) clearTimeout(timer);
    };
  }, [queryClient, apply, keys, refreshMs]);
}
