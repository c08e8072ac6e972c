import type { SelfUpdateBody } from '@safety-shield/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';
import { selfInfoQuery } from '../../auth/index.js';

export const updateSelf = (body: SelfUpdateBody) => api.account.updateSelf(body);

export function useUpdateSelf() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSelf,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: selfInfoQuery().queryKey }),
  });
}
