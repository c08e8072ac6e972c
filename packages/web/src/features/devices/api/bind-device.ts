import type { BindBody, UnbindBody } from '@safety-shield/contract';
import { api } from '../../../shared/http/api.js';
import { useRefreshingMutation } from '../../../shared/http/mutation.js';

/**
 * Silent: the bind dialog answers DEVICE_HAD_BEEN_BIND with its own confirmation (then retries with `force`)
 * and shows every other refusal in the dialog, so a toast would only repeat it.
 */
export const bindDevice = (body: BindBody) => api.vehicle.bind(body, { silent: true });
export const unbindDevice = (body: UnbindBody) => api.vehicle.unbind(body);

/** Both lists change: the device's and the vehicles' device counts. */
const useBindingMutation = <T>(mutationFn: (input: T) => Promise<unknown>) =>
  useRefreshingMutation(mutationFn, [['devices'], ['vehicles']]);

export const useBindDevice = () => useBindingMutation(bindDevice);
export const useUnbindDevice = () => useBindingMutation(unbindDevice);
