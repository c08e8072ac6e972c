export { applyPush, liveOnline, type VehicleLive } from './live-state.js';
export type { PushStatus, VehiclePush } from './push-client.js';
export { closePush, pushUrl } from './push-singleton.js';
export { useVehiclePositions, type VehiclePositions } from './use-vehicle-positions.js';
