import { endpoints } from '../endpoint.js';

export const orgApi = endpoints('orgs', {});
