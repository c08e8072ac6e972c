import type { SubscriptionCreateBody, SubscriptionStateBody, SubscriptionUpdateBody } from '@safety-shield/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../shared/http/client.js';

export const createSubscription = (body: SubscriptionCreateBody) => http.post<{ id: number }>('/v1/subscribe', body);
export const updateSubscription = (body: SubscriptionUpdateBody) => http.put<null>('/v1/subscribe', body);
export const changeSubscriptionState = (body: SubscriptionStateBody) => http.put<null>('/v1/subscribe/state', body);

/** A subscription's quota shows in the usage too: both refresh. */
const useSubscriptionMutation = <T>(mutationFn: (input: T) => Promise<unknown>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: ['subscriptions'] }), queryClient.invalidateQueries({ queryKey: ['usage'] })]),
  });
};

/** Creates (no id) or changes the terms of a subscription. */
export const useSaveSubscription = () =>
  useSubscriptionMutation((body: SubscriptionCreateBody | SubscriptionUpdateBody) =>
    'id' in body ? updateSubscription(body as SubscriptionUpdateBody) : createSubscription(body as SubscriptionCreateBody),
  );

/** Suspends, resumes or ends a subscription. */
export const useChangeSubscriptionState = () => useSubscriptionMutation(changeSubscriptionState);
