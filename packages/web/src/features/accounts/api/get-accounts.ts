import type { AccountListQuery, AccountRecord, Page } from '@safety-shield/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http/client.js';

export const accountsQuery = (params: AccountListQuery) =>
  queryOptions({
    queryKey: ['accounts', 'list', params],
    queryFn: () => http.get<Page<AccountRecord>>('/v1/account/list', { ...params }),
  });

/** The previous page stays on screen while the next one loads. */
export const useAccounts = (params: AccountListQuery) => useQuery({ ...accountsQuery(params), placeholderData: keepPreviousData });
