import type { DeviceUpdateBody, IccidBody } from '@safety-shield/contract';
import { api } from '../../../shared/http/api.js';
import { useRefreshingMutation } from '../../../shared/http/mutation.js';

export const updateDevice = (body: DeviceUpdateBody) => api.device.update(body);
export const setIccid = (body: IccidBody) => api.device.setIccid(body);

const useDeviceMutation = <T>(mutationFn: (input: T) => Promise<unknown>) => useRefreshingMutation(mutationFn, [['devices']]);

/** Renames a device or changes its camera channels. */
export const useUpdateDevice = () => useDeviceMutation(updateDevice);

/** Records the SIM card's ICCID (19–20 digits). */
export const useSetIccid = () => useDeviceMutation(setIccid);
