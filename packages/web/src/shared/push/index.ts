export { applyPush, liveOnline, type VehicleLive } from './live-state.js';
export type { DeviceAlertPush, DeviceTaskPush, IncidentPush, PushStatus, SosPush, UploadPush, VehiclePush } from './push-client.js';
export { closePush, pushClient, pushUrl } from './push-singleton.js';
export { useIncidentFeed } from './use-incident-feed.js';
export { useTaskProgressFeed } from './use-task-progress-feed.js';
export { useVehiclePositions, type VehiclePositions } from './use-vehicle-positions.js';
