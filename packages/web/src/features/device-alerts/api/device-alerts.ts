import {
  ALERT_POLL_MS,
  type DeviceAlert,
  type DeviceAlertCount,
  type DeviceAlertHandleBody,
  type DeviceAlertQuery,
  type Page,
} from '@safety-shield/contract';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/http/client.js';

/** Every query of this feature starts with this key: a push or a handle reads them all again. */
export const DEVICE_ALERTS_KEY = ['deviceAlerts'] as const;

/** SPEC: deviceRunningStatusErrCount, read at once and every 20 s (pushes refresh it in between). */
export const useDeviceAlertCount = (enabled: boolean) =>
  useQuery({
    queryKey: [...DEVICE_ALERTS_KEY, 'count'],
    queryFn: () => http.get<DeviceAlertCount>('/v2/device/running/event/check'),
    refetchInterval: ALERT_POLL_MS,
    enabled,
  });

export const deviceAlertsQuery = (params: DeviceAlertQuery) =>
  queryOptions({
    queryKey: [...DEVICE_ALERTS_KEY, 'list', params],
    queryFn: () => http.get<Page<DeviceAlert>>('/v2/device/running/event/list', { ...params }),
  });

export const useDeviceAlerts = (params: DeviceAlertQuery) => useQuery({ ...deviceAlertsQuery(params), placeholderData: keepPreviousData });

export function useHandleAlerts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DeviceAlertHandleBody) => http.put<{ handled: number }>('/v2/device/running/event/handle', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: DEVICE_ALERTS_KEY }),
  });
}
