import type { SubscriptionCreateBody, SubscriptionStateBody, SubscriptionUpdateBody } from '@safety-shield/contract';
import { api } from '../../../shared/http/api.js';
import { useRefreshingMutation } from '../../../shared/http/mutation.js';

export const createSubscription = (body: SubscriptionCreateBody) => api.subscription.create(body);
export const updateSubscription = (body: SubscriptionUpdateBody) => api.subscription.update(body);
export const changeSubscriptionState = (body: SubscriptionStateBody) => api.subscription.setState(body);

/** A subscription's quota shows in the usage too: both refresh. */
const useSubscriptionMutation = <T>(mutationFn: (input: T) => Promise<unknown>) =>
  useRefreshingMutation(mutationFn, [['subscriptions'], ['usage']]);

/** Creates (no id) or changes the terms of a subscription. */
export const useSaveSubscription = () =>
  useSubscriptionMutation((body: SubscriptionCreateBody | SubscriptionUpdateBody) =>
    'id' in body ? updateSubscription(body as SubscriptionUpdateBody) : createSubscription(body as SubscriptionCreateBody),
  );

/** Suspends, resumes or ends a subscription. */
export const useChangeSubscriptionState = () => useSubscriptionMutation(changeSubscriptionState);
