import type { ShareBody } from '@safety-shield/contract';
import { api } from '../../../shared/http/api.js';
import { useRefreshingMutation } from '../../../shared/http/mutation.js';

export const shareIncidents = (body: ShareBody) => api.share.create(body);

/** A share link for some incidents; their history gains a 'shared' entry. */
export const useShareIncidents = () => useRefreshingMutation(shareIncidents, [['incidents']]);
