import type { EmailAddBody } from '@safety-shield/contract';
import { api } from '../../../shared/http/api.js';
import { useEmailMutation } from './email-mutation.js';

export const addVehicleEmail = (body: EmailAddBody) => api.vehicle.addEmail(body);

/** Adds an unverified notification address (VEHICLE_EMAIL_EXIST_ERROR when the vehicle has it already). */
export const useAddVehicleEmail = (vehicleId: number) => useEmailMutation(vehicleId, addVehicleEmail);
