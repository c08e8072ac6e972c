import { api } from '../../../shared/http/api.js';
import { useRefreshingMutation } from '../../../shared/http/mutation.js';

export const unbindDevice = (deviceId: number) => api.vehicle.unbind({ deviceId });

export const useUnbindDevice = () => useRefreshingMutation(unbindDevice, [['vehicles'], ['devices']]);
