import { api } from '../../../shared/http/api.js';
import { useRefreshingMutation } from '../../../shared/http/mutation.js';

/** Refused with DEVICE_DELETE_ASSOCIATE_FAIL (toast from the HTTP layer) while the device is bound to a vehicle. */
export const deleteDevice = (deviceId: number) => api.device.remove({ id: deviceId });

/** The device lists refresh: the version filter counts devices too. */
export const useDeleteDevice = () => useRefreshingMutation(deleteDevice, [['devices']]);
