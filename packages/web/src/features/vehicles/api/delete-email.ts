import { api } from '../../../shared/http/api.js';
import { useEmailMutation } from './email-mutation.js';

export const deleteVehicleEmail = (id: number) => api.vehicle.removeEmail({ id });

export const useDeleteVehicleEmail = (vehicleId: number) => useEmailMutation(vehicleId, deleteVehicleEmail);
