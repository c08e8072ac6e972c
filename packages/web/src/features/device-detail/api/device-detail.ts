import type { DeviceAlertQuery, IncidentListQuery } from '@safety-shield/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

/** Every query of the page starts with this key: the alert feed reads the device's alerts again by it. */
export const DEVICE_DETAIL_KEY = ['deviceDetail'] as const;

/** One device's running-status alerts, newest first, every state. */
export const alertHistoryQuery = (params: DeviceAlertQuery & { deviceId: number }) =>
  queryOptions({
    queryKey: [...DEVICE_DETAIL_KEY, 'alerts', params],
    queryFn: () => api.deviceAlert.list(params),
  });

/** The incidents of a vehicle, newest first (the incident list has no device filter; a device files them for its vehicle). */
export const vehicleIncidentsQuery = (params: IncidentListQuery & { vehicleId: number }) =>
  queryOptions({
    queryKey: [...DEVICE_DETAIL_KEY, 'incidents', params],
    queryFn: () => api.event.list(params),
  });

/** The device's running status: its open faults, how many wait, its last health report. */
export const useDeviceStatus = (deviceId: number) =>
  useQuery({
    queryKey: [...DEVICE_DETAIL_KEY, 'alerts', 'status', deviceId],
    queryFn: async () => (await api.deviceAlert.statusList({ deviceId, page: 1, limit: 1 })).records[0] ?? null,
  });
