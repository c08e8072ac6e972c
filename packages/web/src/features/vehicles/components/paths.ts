/** Where the console shows a vehicle: its live map, and the list with its record open (on a tab). */
export const vehicleMapPath = (licensePlate: string) => `/map/${encodeURIComponent(licensePlate)}`;

export const recordTabs = ['info', 'devices', 'trail', 'emails'] as const;
export type RecordTab = (typeof recordTabs)[number];

export const vehicleRecordPath = (vehicleId: number, tab: RecordTab = 'info') => `/vehicle/list?record=${vehicleId}&tab=${tab}`;
