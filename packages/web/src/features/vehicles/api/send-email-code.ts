import { http } from '../../../shared/http/client.js';
import { useEmailMutation } from './email-mutation.js';

export const sendEmailCode = (id: number) => http.post<null>('/v1/vehicle/email/code', { id });

/** Sends a 6-digit code to the address; the server refuses another within 60 s (YOU_REQUEST_TOO_FAST). */
export const useSendEmailCode = (vehicleId: number) => useEmailMutation(vehicleId, sendEmailCode);
