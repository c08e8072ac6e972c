import { api } from '../../../shared/http/api.js';
import { useRefreshingMutation } from '../../../shared/http/mutation.js';

export const endLease = (id: number) => api.vehicle.endLease({ id });

/** Gives a leased vehicle back to its owner fleet now. */
export const useEndLease = () => useRefreshingMutation(endLease, [['vehicles']]);
