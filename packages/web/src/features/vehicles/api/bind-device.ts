import type { BindBody } from '@safety-shield/contract';
import { api } from '../../../shared/http/api.js';
import { useRefreshingMutation } from '../../../shared/http/mutation.js';

/**
 * Silent: DEVICE_HAD_BEEN_BIND is a question to the user (take it from the other vehicle?), not an error toast;
 * the dialog shows every other failure itself.
 */
export const bindDevice = (body: BindBody) => api.vehicle.bind(body, { silent: true });

export const useBindDevice = () => useRefreshingMutation(bindDevice, [['vehicles'], ['devices']]);
