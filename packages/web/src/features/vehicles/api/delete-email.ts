import { http } from '../../../shared/http/client.js';
import { useEmailMutation } from './email-mutation.js';

export const deleteVehicleEmail = (id: number) => http.delete<null>(`/v1/vehicle/email/${id}`);

export const useDeleteVehicleEmail = (vehicleId: number) => useEmailMutation(vehicleId, deleteVehicleEmail);
