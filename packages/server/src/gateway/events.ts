import type { UpgradeProgressUp } from '@safety-shield/contract/device';
import type { FastifyBaseLogger } from 'fastify';
import type { LockNews } from '../modules/device-locks/file.js';
import type { IncidentUpdate } from '../modules/events/file-incident.js';
import type { SosUpdate } from '../modules/sos/file.js';

export type { IncidentUpdate, SosUpdate };

/** A device's new live position, pushed to consoles watching its vehicle. */
export interface PositionUpdate {
  deviceId: number;
  vehicleId: number | null;
  /** Epoch milliseconds of the point. */
  at: number;
  lat: number;
  lng: number;
  speed: number;
  heading: number;
  dbm: number | null;
}

export interface PresenceUpdate {
  deviceId: number;
  vehicleId: number | null;
  online: boolean;
  /** Epoch milliseconds, the portal's clock. */
  at: number;
}

/** An evidence resource moved to another upload state (docs/device-protocol.md, `upload`). */
export interface UploadUpdate {
  incidentId: number;
  /** incident_resource row id. */
  resourceRowId: number;
  state: number;
}

/** A device's running-status alerts changed (docs/device-protocol.md, `health`), with the device's chain. */
export interface DeviceAlertUpdate {
  deviceId: number;
  raised: number;
  cleared: number;
  chain: { agentId: number | null; companyId: number | null; fleetId: number | null };
}

/** What the gateway tells the rest of the portal, always after the change is committed. */
export interface GatewayEvents {
  positions(updates: PositionUpdate[]): void;
  presence(update: PresenceUpdate): void;
  deviceCreated?(deviceId: number): void;
  incident?(update: IncidentUpdate): void;
  /** A resource's upload state changed. */
  upload?(update: UploadUpdate): void;
  /** A known device said `hello` (it is online and subscribed): waiting commands can go now. */
  hello?(deviceUuid: string): void;
  /** A device's S.O.S started or stopped. */
  sos?(update: SosUpdate): void;
  /** A device raised or cleared running-status alerts. */
  deviceAlert?(update: DeviceAlertUpdate): void;
  /** A device reported a step of a firmware upgrade (docs/device-protocol.md, `upgrade`); the firmware module files it. */
  upgradeProgress?(deviceUuid: string, progress: UpgradeProgressUp): Promise<void> | void;
  /** A device's lock state or a refused local action was stored. */
  lock?(news: LockNews): void;
}

/** A listener that throws must not keep a device's message from being acknowledged. */
export function safeEvents(events: GatewayEvents, log: FastifyBaseLogger): Required<GatewayEvents> {
  const guard =
    <A extends unknown[]>(name: string, fn: ((...args: A) => void) | undefined) =>
    (...args: A) => {
      try {
        fn?.(...args);
      } catch (err) {
        log.error({ err }, `gateway ${name} listener failed`);
      }
    };
  return {
    positions: guard('positions', events.positions.bind(events)),
    presence: guard('presence', events.presence.bind(events)),
    deviceCreated: guard('deviceCreated', events.deviceCreated?.bind(events)),
    incident: guard('incident', events.incident?.bind(events)),
    upload: guard('upload', events.upload?.bind(events)),
    hello: guard('hello', events.hello?.bind(events)),
    sos: guard('sos', events.sos?.bind(events)),
    deviceAlert: guard('deviceAlert', events.deviceAlert?.bind(events)),
    upgradeProgress: async (uuid, progress) => {
      // Awaited by the gateway (the device's ack follows the commit); a failure is logged, never thrown at the device.
      try {
        await events.upgradeProgress?.(uuid, progress);
      } catch (err) {
        log.error({ err }, 'gateway upgradeProgress listener failed');
      }
    },
    lock: guard('lock', events.lock?.bind(events)),
  };
}
