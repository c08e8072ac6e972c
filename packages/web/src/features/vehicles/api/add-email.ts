import type { EmailAddBody } from '@safety-shield/contract';
import { http } from '../../../shared/http/client.js';
import { useEmailMutation } from './email-mutation.js';

export const addVehicleEmail = (body: EmailAddBody) => http.post<{ id: number }>('/v1/vehicle/email', body);

/** Adds an unverified notification address (VEHICLE_EMAIL_EXIST_ERROR when the vehicle has it already). */
export const useAddVehicleEmail = (vehicleId: number) => useEmailMutation(vehicleId, addVehicleEmail);
