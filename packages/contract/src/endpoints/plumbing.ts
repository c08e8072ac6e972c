import { endpoints } from '../endpoint.js';

export const objectApi = endpoints('objects', {});
export const mediaApi = endpoints('media', {});
