import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

export const accountQuery = (uid: number) => queryOptions({ queryKey: ['accounts', 'one', uid], queryFn: () => api.account.info({ uid }) });

/** One account for the edit page. */
export const useAccount = (uid: number | undefined) => useQuery({ ...accountQuery(uid ?? 0), enabled: uid !== undefined });
