import { endpoints } from '../endpoint.js';

export const accountApi = endpoints('account', {});
export const credentialApi = endpoints('credentials', {});
