import type { SelfUpdateBody } from '@safety-shield/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/http/client.js';
import { selfInfoQuery } from '../../auth/index.js';

export const updateSelf = (body: SelfUpdateBody) => http.put<null>('/v1/account/selfInfo', body);

export function useUpdateSelf() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSelf,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: selfInfoQuery().queryKey }),
  });
}
