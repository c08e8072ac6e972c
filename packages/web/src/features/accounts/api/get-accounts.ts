import type { AccountListQuery } from '@safety-shield/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

export const accountsQuery = (params: AccountListQuery) =>
  queryOptions({
    queryKey: ['accounts', 'list', params],
    queryFn: () => api.account.list(params),
  });

/** The previous page stays on screen while the next one loads. */
export const useAccounts = (params: AccountListQuery) => useQuery({ ...accountsQuery(params), placeholderData: keepPreviousData });
