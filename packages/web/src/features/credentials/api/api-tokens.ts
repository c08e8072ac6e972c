import type { ApiTokenCreated, ApiTokenRecord } from '@safety-shield/contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/http/client.js';

export const apiTokensQuery = () =>
  queryOptions({ queryKey: ['apiTokens'], queryFn: () => http.get<ApiTokenRecord[]>('/v1/account/apiToken') });

export const useApiTokens = () => useQuery(apiTokensQuery());

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => http.post<ApiTokenCreated>('/v1/account/apiToken'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQuery().queryKey }),
  });
}

export function useDeleteApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete<null>('/v1/account/apiToken', { id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQuery().queryKey }),
  });
}
