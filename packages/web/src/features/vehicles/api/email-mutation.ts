import { useMutation, useQueryClient } from '@tanstack/react-query';

/** Every change to a vehicle's e-mails refreshes the e-mail list and the vehicle record (which lists them too). */
export function useEmailMutation<T, R>(vehicleId: number, mutationFn: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['vehicles', 'emails', vehicleId] }),
        queryClient.invalidateQueries({ queryKey: ['vehicles', 'one'] }),
      ]),
  });
}
