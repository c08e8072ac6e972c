import type { EmailVerifyBody } from '@safety-shield/contract';
import { api } from '../../../shared/http/api.js';
import { useEmailMutation } from './email-mutation.js';

export const verifyVehicleEmail = (body: EmailVerifyBody) => api.vehicle.verifyEmail(body);

/** Checks the code sent to the address (VEHICLE_EMAIL_VALIDATE_FAIL: wrong or expired, send another). */
export const useVerifyVehicleEmail = (vehicleId: number) => useEmailMutation(vehicleId, verifyVehicleEmail);
