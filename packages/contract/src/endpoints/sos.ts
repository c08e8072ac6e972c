import { endpoints } from '../endpoint.js';

export const sosApi = endpoints('sos', {});
