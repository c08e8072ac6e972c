import type { BindLogQuery, DbmQuery, DeviceAlertQuery, IncidentListQuery } from '@safety-shield/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

/** Every query of the page starts with this key: the alert feed reads the device's alerts again by it. */
export const DEVICE_DETAIL_KEY = ['deviceDetail'] as const;

/** A device's signal strength over a range, oldest first; `enabled` is false for a range the server refuses. */
export const useSignal = (params: DbmQuery, enabled: boolean) =>
  useQuery({ queryKey: [...DEVICE_DETAIL_KEY, 'dbm', params], queryFn: () => api.device.dbm(params), enabled });

/** Who bound or unbound the device to which vehicle, newest first. */
export const useBindHistory = (params: BindLogQuery) =>
  useQuery({
    queryKey: [...DEVICE_DETAIL_KEY, 'bindLog', params],
    queryFn: () => api.device.bindLog(params),
    placeholderData: keepPreviousData,
  });

/** The device's configuration: the version it runs, the one on its way, what it reported. */
export const useConfigState = (deviceId: number) =>
  useQuery({ queryKey: [...DEVICE_DETAIL_KEY, 'config', deviceId], queryFn: () => api.deviceConfig.info({ deviceId }) });

/** The device's configuration versions, newest first: its tasks as far as the device is concerned. */
export const useConfigVersions = (deviceId: number, page: number, limit: number) =>
  useQuery({
    queryKey: [...DEVICE_DETAIL_KEY, 'configHistory', deviceId, page, limit],
    queryFn: () => api.deviceConfig.historyList({ deviceId, page, limit }),
    placeholderData: keepPreviousData,
  });

/** One device's running-status alerts, newest first, every state. */
export const useAlertHistory = (params: DeviceAlertQuery & { deviceId: number }) =>
  useQuery({
    queryKey: [...DEVICE_DETAIL_KEY, 'alerts', params],
    queryFn: () => api.deviceAlert.list(params),
    placeholderData: keepPreviousData,
  });

/** The incidents of a vehicle, newest first (the incident list has no device filter; a device files them for its vehicle). */
export const useVehicleIncidents = (params: IncidentListQuery & { vehicleId: number }) =>
  useQuery({
    queryKey: [...DEVICE_DETAIL_KEY, 'incidents', params],
    queryFn: () => api.event.list(params),
    placeholderData: keepPreviousData,
  });

/** The device's running status: its open faults, how many wait, its last health report. */
export const useDeviceStatus = (deviceId: number) =>
  useQuery({
    queryKey: [...DEVICE_DETAIL_KEY, 'alerts', 'status', deviceId],
    queryFn: async () => (await api.deviceAlert.statusList({ deviceId, page: 1, limit: 1 })).records[0] ?? null,
  });
