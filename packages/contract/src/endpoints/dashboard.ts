import { endpoints } from '../endpoint.js';

export const dashboardApi = endpoints('dashboard', {});
