import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { pushClient } from '../../shared/push/index.js';
import { DEVICE_ALERTS_KEY } from './api/device-alerts.js';

/** While mounted, a device alert raised, cleared or handled in the caller's scope reads the count and the lists again. */
export function useDeviceAlertFeed(enabled: boolean): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    return pushClient().watchAlarms('deviceAlert', () => void queryClient.invalidateQueries({ queryKey: DEVICE_ALERTS_KEY }));
  }, [queryClient, enabled]);
}
