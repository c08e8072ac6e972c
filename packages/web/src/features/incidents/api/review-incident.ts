import type { ReviewBody } from '@safety-shield/contract';
import { api } from '../../../shared/http/api.js';
import { useRefreshingMutation } from '../../../shared/http/mutation.js';

/** Marks an incident reviewed by the caller, optionally under another tag (EVENT_TAG_NOT_EXIST). */
export const reviewIncident = (body: ReviewBody) => api.event.review(body);

export const useReviewIncident = () => useRefreshingMutation(reviewIncident, [['incidents']]);
