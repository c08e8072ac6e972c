import type { CoachBody, CoachingDismissBody, CoachingMarkBody, CoachingReopenBody } from '@safety-shield/contract';
import { api } from '../../../shared/http/api.js';
import { useRefreshingMutation } from '../../../shared/http/mutation.js';
import { COACHING_KEY } from './get-queue.js';

/** A step changes the queue, the incident's coaching and its history (the incident detail's `incidents` queries). */
const refreshed = [COACHING_KEY, ['incidents']] as const;

/** Marks reviewed incidents as needing coaching (EVENT_STATE_ERROR for one not reviewed). */
export const useMarkCoaching = () => useRefreshingMutation((body: CoachingMarkBody) => api.coaching.mark(body), refreshed);
/** Records the coaching, with its note. */
export const useCoach = () => useRefreshingMutation((body: CoachBody) => api.coaching.coach(body), refreshed);
/** Takes the incident off the queue with a reason. */
export const useDismissCoaching = () => useRefreshingMutation((body: CoachingDismissBody) => api.coaching.dismiss(body), refreshed);
/** Puts a coached or dismissed incident back on the queue. */
export const useReopenCoaching = () => useRefreshingMutation((body: CoachingReopenBody) => api.coaching.reopen(body), refreshed);
