import { type DashboardRange, pathTo } from '@safety-shield/contract';

/**
 * The statistics page's Safety score tab over a range, for all in view or one vehicle (the page keeps its view in the
 * URL under these keys: `tab`, `range`, `vehicleId`).
 */
export function safetyScorePath(range: DashboardRange, vehicleId?: number): string {
  return pathTo('Statistics', { query: { tab: 'safety', range, vehicleId } });
}
