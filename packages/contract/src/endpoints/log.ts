import { endpoints } from '../endpoint.js';

export const logApi = endpoints('logs', {});
