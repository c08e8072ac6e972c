import type { DashboardRange } from '@safety-shield/contract';

/**
 * The statistics page's Safety score tab over a range, for all in view or one vehicle (the page keeps its view in the
 * URL under these keys: `tab`, `range`, `vehicleId`).
 */
export function safetyScorePath(range: DashboardRange, vehicleId?: number): string {
  const params = new URLSearchParams({ tab: 'safety', range });
  if (vehicleId !== undefined) params.set('vehicleId', String(vehicleId));
  return `/statistics/list?${params}`;
}
