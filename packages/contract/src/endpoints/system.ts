import { endpoints } from '../endpoint.js';

export const maintenanceApi = endpoints('system', {});
export const healthApi = endpoints('health', {});
