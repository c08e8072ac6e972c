export type { CommandHandler, CommandResult } from './commands.js';
export { type ConfigStore, configPathNextTo, fileConfigStore, memoryConfigStore, type RunningConfig } from './config-store.js';
export { type CredentialStore, fileCredentialStore, memoryCredentialStore } from './credentials.js';
export { SimDevice } from './device.js';
export { factoryConfig, isDetection } from './device-config.js';
// All of it is the device's public face: its options, counters, events and defaults.
export * from './device-options.js';
export { DBM_RANGE, Drive, type DriveOptions, type DrivePhase, type DriveSample, MAX_KMH, MIN_CRUISE_KMH } from './drive.js';
export { type EvidenceFile, type EvidenceMedia, evidenceFile, RECORDED_CLIP_SECONDS, recordedEvidenceFile } from './evidence.js';
export {
  CLOCK_BITS,
  CLOCK_GEOMETRY,
  DEFAULT_LIVE_VIDEO,
  EVIDENCE_SIZE,
  ffmpegArgs,
  type LiveVideo,
  liveFilter,
  playbackArgs,
} from './ffmpeg-args.js';
export { UPGRADE_FAILURES, type UpgradeFailure, type UpgradeStatus } from './firmware.js';
export { type DownloadOutcome, type DownloadRequest, downloadPackage } from './firmware-download.js';
export { type Fleet, type FleetOptions, type FleetStats, fleetUuid, startFleet } from './fleet.js';
export {
  bearing,
  buildRoute,
  CITIES,
  type City,
  destinationPoint,
  haversine,
  intermediatePoint,
  type LatLng,
  nearestCities,
  positionAt,
  type Route,
  type RoutePosition,
  toRoute,
} from './geo.js';
export { type GeofenceEvent, type GeofenceEventType, GeofenceWatch, insideArea, type PositionSample } from './geofence.js';
export type { GpsSettings } from './gps-reporter.js';
export { healthPayload, randomFault, type SimFault, withFault } from './health.js';
export {
  DEFAULT_INCIDENT_MIX,
  defaultEvidence,
  INCIDENT_TYPES,
  INCIDENT_VIDEO_MS,
  type IncidentEvidence,
  type IncidentMix,
  type IncidentOverrides,
  type IncidentType,
  incidentPayload,
  incidentResources,
  localTimeText,
  pickIncidentType,
} from './incidents.js';
export { type AlarmFile, alarmFileName, type UploadOutcome, uploadAttachments } from './jt808/attachments.js';
export { fileCodeStore, type Jt808CodeStore, memoryCodeStore } from './jt808/codes.js';
export { beijingTime, Jt808SimDevice, type Jt808SimEvents, type Jt808SimOptions, type Jt808SimStats } from './jt808/sim-terminal.js';
export { Jt808Terminal, type PlatformMessage, simRegistration, type TerminalOptions } from './jt808/terminal.js';
export { LiveStreams } from './live.js';
export { type DownMessage, type Envelope, type GpsPoint, PROTOCOL_VERSION } from './messages.js';
export { hashSeed, PoissonSchedule, pick, type Random, seededRandom, uniform } from './random.js';
export { planRoad, type RoadClass, type RoadPlan, type RoadSection, sectionIndexAt } from './roads.js';
export { sosStartPayload, sosStopPayload } from './sos.js';
export {
  type DeviceValueStore,
  type FirmwareStore,
  fileFirmwareStore,
  fileLockStore,
  type LockStore,
  memoryFirmwareStore,
  memoryLockStore,
  statePathNextTo,
} from './state-stores.js';
export { EvidenceUploader, type UploadCounts, type UploaderOptions, UploadState } from './uploads.js';
