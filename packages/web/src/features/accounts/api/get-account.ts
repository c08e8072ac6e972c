import type { AccountRecord } from '@safety-shield/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http/client.js';

export const accountQuery = (uid: number) =>
  queryOptions({ queryKey: ['accounts', 'one', uid], queryFn: () => http.get<AccountRecord>('/v1/account/info', { uid }) });

/** One account for the edit page. */
export const useAccount = (uid: number | undefined) => useQuery({ ...accountQuery(uid ?? 0), enabled: uid !== undefined });
