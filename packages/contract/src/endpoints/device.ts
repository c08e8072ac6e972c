import { endpoints } from '../endpoint.js';

export const deviceApi = endpoints('devices', {});
export const deviceAlertApi = endpoints('device-alerts', {});
