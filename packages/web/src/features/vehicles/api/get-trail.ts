import type { TrailQuery } from '@safety-shield/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/http/api.js';

export const trailQuery = (params: TrailQuery) =>
  queryOptions({
    queryKey: ['vehicles', 'trail', params],
    queryFn: () => api.vehicle.trail(params),
    // A past range does not change; the user asks again (a new range) for newer points.
    staleTime: 60_000,
  });

/** The trail of a vehicle in a range of at most 7 days; nothing is asked until a range is chosen. */
export const useTrail = (params: TrailQuery | undefined) =>
  useQuery({ ...trailQuery(params ?? { vehicleId: 0, startTime: 0, endTime: 0 }), enabled: params !== undefined });
