import { pathTo } from '@safety-shield/contract';
export const recordTabs = ['info', 'devices', 'trail', 'emails'] as const;
export type RecordTab = (typeof recordTabs)[number];

/** The vehicle list with a vehicle's record open on a tab. */
export const vehicleRecordPath = (vehicleId: number, tab: RecordTab = 'info') =>
  pathTo('VehicleList', { query: { record: vehicleId, tab } });
