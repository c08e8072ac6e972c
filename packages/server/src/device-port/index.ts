/**
 * The device port (docs/architecture.md, "The device port"): what a device can tell the portal (DeviceIntake, which
 * the modules implement) and what the portal can tell a device (DeviceCommands, which the adapters serve through the
 * DevicePort router), with the protocol-neutral machinery both sides share: presence and the position writer.
 */
export {
  type CommandAck,
  CommandError,
  type DeviceAdapter,
  type DeviceCommands,
  DevicePort,
} from './commands.js';
export { GpsIngest, INGEST_DEFAULTS, type IngestOptions } from './ingest.js';
export { afterCommit, type DeviceIntake, type KnownDevice } from './intake.js';
export { Presence } from './presence.js';
export type * from './reports.js';
