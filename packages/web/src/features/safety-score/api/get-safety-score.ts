import type { SafetyScoreQuery, SafetyWeightsBody } from '@safety-shield/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';
import { useRefreshingMutation } from '../../../shared/http/mutation.js';

/** Every safety-score answer is under this key: saving weights reads them all again. */
export const SAFETY_SCORE_KEY = ['safetyScore'] as const;

/** `silent`: a refusal is not said (a block that simply stays away when the vehicle is not the caller's to score). */
export const safetyScoreListQuery = (query: SafetyScoreQuery, silent = false) =>
  queryOptions({ queryKey: [...SAFETY_SCORE_KEY, 'list', query], queryFn: () => api.safetyScore.list(query, { silent }) });

/** Scores, trend and ranking over a range; the previous answer stays while another range or level loads. */
export const useSafetyScoreList = (query: SafetyScoreQuery, enabled = true, silent = false) =>
  useQuery({ ...safetyScoreListQuery(query, silent), enabled, placeholderData: keepPreviousData });

/** A company's weights (`companyId` left out: the caller's own company, for Company and Fleet Admins). */
export const useSafetyWeights = (companyId: number | undefined, enabled = true) =>
  useQuery({
    queryKey: [...SAFETY_SCORE_KEY, 'weights', companyId ?? 'own'],
    queryFn: () => api.safetyScore.weights(companyId === undefined ? {} : { companyId }),
    enabled,
  });

/** Saves a company's weights, or goes back to the defaults (`weights: null`); every score is read again after. */
export const useSaveSafetyWeights = () =>
  useRefreshingMutation((body: SafetyWeightsBody) => api.safetyScore.saveWeights(body), [SAFETY_SCORE_KEY]);
