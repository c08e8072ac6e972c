import { api } from '../../../shared/http/api.js';
import { useRefreshingMutation } from '../../../shared/http/mutation.js';

export const deleteVehicle = (id: number) => api.vehicle.remove({ id });

/** Deleting a vehicle unbinds its devices too: the device lists refresh as well. */
export const useDeleteVehicle = () => useRefreshingMutation(deleteVehicle, [['vehicles'], ['devices']]);
