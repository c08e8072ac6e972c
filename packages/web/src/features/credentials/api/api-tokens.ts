import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';
import { useRefreshingMutation } from '../../../shared/http/mutation.js';

export const apiTokensQuery = () => queryOptions({ queryKey: ['apiTokens'], queryFn: () => api.credential.apiTokens() });

export const useApiTokens = () => useQuery(apiTokensQuery());

export const useCreateApiToken = () => useRefreshingMutation(() => api.credential.createApiToken(), [apiTokensQuery().queryKey]);

export const useDeleteApiToken = () =>
  useRefreshingMutation((id: number) => api.credential.removeApiToken({ id }), [apiTokensQuery().queryKey]);
