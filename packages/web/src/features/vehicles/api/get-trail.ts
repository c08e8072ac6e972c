import type { Trail, TrailQuery } from '@safety-shield/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../shared/http/client.js';

export const trailQuery = (params: TrailQuery) =>
  queryOptions({
    queryKey: ['vehicles', 'trail', params],
    queryFn: () => http.get<Trail>('/v1/vehicle/trail', { ...params }),
    // A past range does not change; the user asks again (a new range) for newer points.
    staleTime: 60_000,
  });

/** The trail of a vehicle in a range of at most 7 days; nothing is asked until a range is chosen. */
export const useTrail = (params: TrailQuery | undefined) =>
  useQuery({ ...trailQuery(params ?? { vehicleId: 0, startTime: 0, endTime: 0 }), enabled: params !== undefined });
