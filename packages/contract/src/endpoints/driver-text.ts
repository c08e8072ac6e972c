import { DriverTextBody, DriverTextShown } from '../api/driver-text.js';
import { endpoints } from '../endpoint.js';
import { fleetAdminsAndAbove } from '../roles.js';

/** Texts to the driver (issue 30): an operator's message shown, and read aloud if asked, on a device's screen. */
export const driverTextApi = endpoints('driver-texts', {
  send: {
    method: 'POST',
    path: '/v1/device/driverText',
    summary: 'Show a text to the driver of an online device of the caller’s scope; answers once the device showed it',
    access: fleetAdminsAndAbove,
    audit: 'device.driverText',
    auditTarget: 'deviceId',
    body: DriverTextBody,
    response: DriverTextShown,
  },
});
