import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

export const apiTokensQuery = () => queryOptions({ queryKey: ['apiTokens'], queryFn: () => api.credential.apiTokens() });

export const useApiTokens = () => useQuery(apiTokensQuery());

export function useCreateApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.credential.createApiToken(),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQuery().queryKey }),
  });
}

export function useDeleteApiToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.credential.removeApiToken({ id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiTokensQuery().queryKey }),
  });
}
