import type { EmailVerifyBody } from '@safety-shield/contract';
import { http } from '../../../shared/http/client.js';
import { useEmailMutation } from './email-mutation.js';

export const verifyVehicleEmail = (body: EmailVerifyBody) => http.put<null>('/v1/vehicle/email/verify', body);

/** Checks the code sent to the address (VEHICLE_EMAIL_VALIDATE_FAIL: wrong or expired, send another). */
export const useVerifyVehicleEmail = (vehicleId: number) => useEmailMutation(vehicleId, verifyVehicleEmail);
