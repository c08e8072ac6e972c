import { endpoints } from '../endpoint.js';

export const liveApi = endpoints('live', {});
