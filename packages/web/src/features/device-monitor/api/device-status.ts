import { ALERT_POLL_MS, type DeviceStatusQuery } from '@safety-shield/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

/** Every query of the monitor starts with this key: an alert pushed reads them all again. */
export const DEVICE_MONITOR_KEY = ['deviceMonitor'] as const;

/**
 * A page of the devices' running status. Alerts are pushed; whether a device is online is not, so the page is also
 * read again as often as the alert badge (SPEC section 9: 20 s).
 */
export const useDeviceStatusList = (params: DeviceStatusQuery) =>
  useQuery({
    queryKey: [...DEVICE_MONITOR_KEY, 'list', params],
    queryFn: () => api.deviceAlert.statusList(params),
    placeholderData: keepPreviousData,
    refetchInterval: ALERT_POLL_MS,
  });

/** One device's running status (the drawer's header), whether or not the list's page holds it. */
export const useOneDeviceStatus = (deviceId: number | undefined) =>
  useQuery({
    queryKey: [...DEVICE_MONITOR_KEY, 'one', deviceId],
    queryFn: async () => (await api.deviceAlert.statusList({ deviceId, page: 1, limit: 1 })).records[0] ?? null,
    enabled: deviceId !== undefined,
  });
