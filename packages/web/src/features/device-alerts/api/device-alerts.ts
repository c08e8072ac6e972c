import { ALERT_POLL_MS, type DeviceAlertHandleBody, type DeviceAlertQuery } from '@safety-shield/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';
import { useRefreshingMutation } from '../../../shared/http/mutation.js';
import { useQueryKeepingPrevious } from '../../../shared/http/query.js';

/** Every query of this feature starts with this key: a push or a handle reads them all again. */
export const DEVICE_ALERTS_KEY = ['deviceAlerts'] as const;

/** SPEC: deviceRunningStatusErrCount, read at once and every 20 s (pushes refresh it in between). */
export const useDeviceAlertCount = (enabled: boolean) =>
  useQuery({
    queryKey: [...DEVICE_ALERTS_KEY, 'count'],
    queryFn: () => api.deviceAlert.count(),
    refetchInterval: ALERT_POLL_MS,
    enabled,
  });

export const useDeviceAlerts = (params: DeviceAlertQuery) =>
  useQueryKeepingPrevious([...DEVICE_ALERTS_KEY, 'list', params], () => api.deviceAlert.list(params));

export const useHandleAlerts = () =>
  useRefreshingMutation((body: DeviceAlertHandleBody) => api.deviceAlert.handle(body), [DEVICE_ALERTS_KEY]);
