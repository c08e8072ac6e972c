import { endpoints } from '../endpoint.js';

export const pushApi = endpoints('push', {});
