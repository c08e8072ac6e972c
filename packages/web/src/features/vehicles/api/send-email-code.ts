import { api } from '../../../shared/http/api.js';
import { useEmailMutation } from './email-mutation.js';

export const sendEmailCode = (id: number) => api.vehicle.sendEmailCode({ id });

/** Sends a 6-digit code to the address; the server refuses another within 60 s (YOU_REQUEST_TOO_FAST). */
export const useSendEmailCode = (vehicleId: number) => useEmailMutation(vehicleId, sendEmailCode);
