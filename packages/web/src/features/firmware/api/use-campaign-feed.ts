import type { QueryKey } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTaskProgressFeed } from '../../../shared/push/index.js';
import { applyCampaignProgress, CAMPAIGNS_KEY } from './campaigns.js';

/** How often moving upgrades are read again at most: a halt, the next stage or a device's step come with the read. */
const REFRESH_MS = 2_000;
const NO_KEYS: readonly QueryKey[] = [];

/**
 * While mounted, pushed task progress updates the campaigns' counts at once, and every couple of seconds reads the
 * campaigns again, and the queries under `keys` (a list of devices' upgrades). `keys` must be a stable array.
 */
export function useCampaignFeed(keys: readonly QueryKey[] = NO_KEYS): void {
  const refreshed = useMemo(() => [CAMPAIGNS_KEY, ...keys], [keys]);
  useTaskProgressFeed(applyCampaignProgress, refreshed, REFRESH_MS);
}
