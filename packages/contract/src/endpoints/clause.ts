import { endpoints } from '../endpoint.js';

export const clauseApi = endpoints('clauses', {});
