import { api } from '../../../shared/http/api.js';
import { useRefreshingMutation } from '../../../shared/http/mutation.js';

/** The three default tags back to their names, receiving on and 90 hold days. */
export const restoreTags = (companyId?: number) => api.event.restoreTags({ companyId });

export const useRestoreTags = () => useRefreshingMutation(restoreTags, [['incidents']]);
