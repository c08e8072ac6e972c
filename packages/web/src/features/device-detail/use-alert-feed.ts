import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { pushClient } from '../../shared/push/index.js';

/**
 * While mounted, a running-status alert raised, cleared or handled reads the queries under `key` again: only for
 * `deviceId` when given, for any device of the caller's scope otherwise.
 */
export function useAlertFeed(key: QueryKey, deviceId?: number): void {
  const queryClient = useQueryClient();
  const keyText = JSON.stringify(key);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key's text says when it changes
  useEffect(
    () =>
      pushClient().watchAlarms('deviceAlert', (message) => {
        if (deviceId === undefined || message.deviceId === deviceId) void queryClient.invalidateQueries({ queryKey: key });
      }),
    [queryClient, keyText, deviceId],
  );
}
