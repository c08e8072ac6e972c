import { endpoints } from '../endpoint.js';

export const dvrApi = endpoints('dvr', {});
