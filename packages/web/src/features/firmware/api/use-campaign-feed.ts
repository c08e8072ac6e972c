import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { pushClient } from '../../../shared/push/index.js';
import { applyCampaignProgress, CAMPAIGNS_KEY } from './campaigns.js';

/** How often moving upgrades are read again at most: a halt, the next stage or a device's step come with the read. */
const REFRESH_MS = 2_000;

/**
 * While mounted, pushed task progress updates the campaigns' counts at once, and every couple of seconds reads the
 * campaigns again, and the queries under `keys` (a list of devices' upgrades). `keys` must be a stable array.
 */
export function useCampaignFeed(keys: readonly QueryKey[] = []): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = pushClient().watchAlarms('deviceTask', (message) => {
      applyCampaignProgress(queryClient, message);
      timer ??= setTimeout(() => {
        timer = undefined;
        for (const queryKey of [CAMPAIGNS_KEY, ...keys]) void queryClient.invalidateQueries({ queryKey });
      }, REFRESH_MS);
    });
    return () => {
      stop();
      if (timer) clearTimeout(timer);
    };
  }, [queryClient, keys]);
}
