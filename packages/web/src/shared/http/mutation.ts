import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

/**
 * A mutation that, once it went through, reads again every query under the given keys. The refresh is awaited:
 * whoever awaits the mutation sees the fresh data.
 */
export function useRefreshingMutation<T = void, R = unknown>(mutationFn: (input: T) => Promise<R>, keys: readonly QueryKey[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
