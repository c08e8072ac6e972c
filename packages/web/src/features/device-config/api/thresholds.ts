import type { ThresholdCreateBody, ThresholdUpdateBody } from '@safety-shield/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';
import { useRefreshingMutation } from '../../../shared/http/mutation.js';

const KEY = ['thresholds'] as const;

/** Every threshold class (few: read whole). */
export const useThresholds = () => useQuery({ queryKey: KEY, queryFn: () => api.threshold.list() });
export const useCreateThreshold = () => useRefreshingMutation((body: ThresholdCreateBody) => api.threshold.create(body), [KEY]);
export const useUpdateThreshold = () => useRefreshingMutation((body: ThresholdUpdateBody) => api.threshold.update(body), [KEY]);
export const useDeleteThreshold = () => useRefreshingMutation((id: number) => api.threshold.remove({ id }), [KEY]);
