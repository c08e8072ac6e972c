import type { VehicleListQuery } from '@safety-shield/contract';
import { api } from '../../../shared/http/api.js';
import { useQueryKeepingPrevious } from '../../../shared/http/query.js';

/** The vehicles in the caller's scope; the previous page stays on screen while the next one loads. */
export const useVehicles = (params: VehicleListQuery) =>
  useQueryKeepingPrevious(['vehicles', 'list', params], () => api.vehicle.list(params));
