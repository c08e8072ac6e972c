import { type ConfigSaveBody, type DeviceConfigState, type DisplayPicture, deviceConfigApi } from '@safety-shield/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';
import { downloadFile } from '../../../shared/http/download.js';
import { useRefreshingMutation } from '../../../shared/http/mutation.js';

const KEY = ['device-config'] as const;
/** While a version is on its way the state is read again this often, so the device's answer shows without a reload. */
export const PENDING_POLL_MS = 2_000;

const stateQuery = (deviceId: number) =>
  queryOptions({
    queryKey: [...KEY, 'state', deviceId],
    queryFn: () => api.deviceConfig.info({ deviceId }),
    refetchInterval: (query) => ((query.state.data as DeviceConfigState | undefined)?.pending ? PENDING_POLL_MS : false),
  });

/** A device's configuration state: applied, on its way, draft, reported. Nothing is read without a device. */
export const useConfigState = (deviceId: number | undefined) => useQuery({ ...stateQuery(deviceId ?? 0), enabled: deviceId !== undefined });

export const configHistoryQuery = (deviceId: number, page: number, limit: number) =>
  queryOptions({
    queryKey: [...KEY, 'history', deviceId, page, limit],
    queryFn: () => api.deviceConfig.historyList({ deviceId, page, limit }),
  });

export const useConfigHistory = (deviceId: number, page: number, limit: number) =>
  useQuery({ ...configHistoryQuery(deviceId, page, limit), placeholderData: keepPreviousData });

const useConfigMutation = <T, R>(fn: (input: T) => Promise<R>) => useRefreshingMutation(fn, [KEY]);

export const useSaveConfig = () => useConfigMutation((body: ConfigSaveBody) => api.deviceConfig.save(body));
export const useDispatchConfig = () =>
  useConfigMutation((input: { deviceId: number; expireTime?: number }) => api.deviceConfig.dispatch({ ...input, timestamp: Date.now() }));
export const useCancelConfig = () => useConfigMutation((deviceId: number) => api.deviceConfig.cancel({ deviceId, timestamp: Date.now() }));
export const useRevertConfig = () => useConfigMutation((id: number) => api.deviceConfig.revert({ deviceConfigTempLogsId: id }));
export const useSynchConfig = () => useConfigMutation((deviceId: number) => api.deviceConfig.synch({ deviceId, timestamp: Date.now() }));

/** A version (or the applied one) as a JSON file. */
export const downloadConfig = (deviceId: number, deviceConfigLogsId?: number) =>
  downloadFile(deviceConfigApi.download, { deviceId, deviceConfigLogsId }, `config-${deviceId}.json`);

/** Uploads a display picture: room for it (`updatePicture`), then its bytes to the signed link; the answer names it. */
export async function uploadPicture(file: File, contentType: DisplayPicture['contentType']): Promise<DisplayPicture> {
  const { picture, uploadUrl } = await api.deviceConfig.updatePicture({ contentType, size: file.size });
  const response = await fetch(uploadUrl, { method: 'PUT', headers: { 'content-type': contentType }, body: file });
  if (!response.ok) throw new Error(`picture upload failed: ${response.status}`);
  return picture;
}

/** A link to look at a picture one of the device's configurations names (valid a few minutes: kept 5). */
export const usePictureLink = (deviceId: number | undefined, pictureId: string | undefined) =>
  useQuery({
    queryKey: [...KEY, 'picture', deviceId, pictureId],
    queryFn: () => api.deviceConfig.picture({ deviceId: deviceId ?? 0, pictureId: pictureId ?? '' }),
    enabled: deviceId !== undefined && pictureId !== undefined,
    staleTime: 5 * 60_000,
  });
