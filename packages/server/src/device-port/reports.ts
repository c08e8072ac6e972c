/**
 * What a device reports, as the portal takes it whatever protocol carried it: checked, times in epoch milliseconds,
 * texts trimmed. An adapter turns its protocol's messages into these (the MQTT one from the contract's device schemas,
 * `@safety-shield/contract/device`); the modules file them.
 */

import type { Readable } from 'node:stream';
import type { DeviceFaultCode, IncidentType } from '@safety-shield/contract';
import type { DeviceUploadState } from '@safety-shield/contract/device';

/** The device's own id of a report, which keys it (a resent report is stored once), and when the device sent it. */
export interface DeviceMessage {
  id: string;
  /** Epoch milliseconds, the device's clock. */
  at: number;
}

/** What a device says about itself when it comes online; a field it did not send (or sent malformed) is null. */
export interface DeviceHello {
  version: string | null;
  iccid: string | null;
  channels: number | null;
  name: string | null;
  model: string | null;
}

/** One position of a batch. */
export interface PositionFix {
  /** Epoch milliseconds. */
  t: number;
  lat: number;
  lng: number;
  /** km/h. */
  speed: number;
  /** Degrees, 0–359. */
  heading: number;
  /** Signal strength, dBm. */
  dbm: number | null;
}

/** One file an incident report lists. */
export interface ReportedResource {
  /** The device's own name for the file. */
  id: string;
  kind: 'picture' | 'video';
  channel: number;
  /** Epoch milliseconds (videos). */
  start: number | null;
  end: number | null;
}

/**
 * A file of an incident the device delivered itself, whole, over its protocol's own file channel (JT/T 808's
 * active-safety attachments), not through an upload URL.
 */
export interface DeliveredFile {
  /** The device's id of the incident report it belongs to, and its own name of the file (listed by `attachments`). */
  incidentMessageId: string;
  resourceId: string;
  size: number;
  /** Its bytes from the first: may be called again to read them again. */
  open(): Readable;
}

/** An incident the device detected. */
export interface IncidentReport {
  type: IncidentType;
  /** Epoch milliseconds: when it happened. */
  triggerAt: number;
  /** The device's clock as it showed it, text. */
  localTime: string | null;
  speed: number;
  lat: number | null;
  lng: number | null;
  channel: number;
  description: string | null;
  resources: ReportedResource[];
}

/** Where the upload of one resource of an incident stands on the device (SPEC section 3; docs/device-protocol.md, `upload`). */
export interface UploadReport {
  /** The device's id of the incident report that listed the resource (`DeviceMessage.id`). */
  incidentMessageId: string;
  /** The device's own name for the file. */
  resourceId: string;
  state: DeviceUploadState;
  /** State 1: what the device is about to upload. */
  size: number | null;
  sha256: string | null;
  contentType: string | null;
  reason: string | null;
}

/** The S.O.S button pressed (start) or released (stop). */
export interface SosReport {
  state: 'start' | 'stop';
  /** Epoch milliseconds of the press or release. */
  time: number;
  /** The device's clock as it showed it, text. */
  localTime: string | null;
  lat: number | null;
  lng: number | null;
  speed: number | null;
  /** stop: the id of the start report it ends; null, the device's open S.O.S. */
  startId: string | null;
}

/** One fault of a health report; channel 0 for a fault of the whole device. */
export interface DeviceFault {
  code: DeviceFaultCode;
  channel: number;
}

/** The device's whole set of current faults (docs/device-protocol.md, `health`). */
export interface HealthReport {
  /** When the device made the report (its clock, never later than the portal's): raises and clears are dated so. */
  time: number;
  /** The faults the device has now (deduplicated); empty: all well. */
  faults: DeviceFault[];
  /** Codes this release does not know, skipped (newer firmware may report more). */
  unknown: string[];
}

/**
 * A driver's identification card (JT/T 808 0x0702): put in, the driver starts driving the device's vehicle; taken out,
 * the driver's shift ends. Incidents filed while a card is in carry its driver. A card the device could not read is
 * no report.
 */
export type DriverReport =
  | {
      state: 'in';
      /** Epoch milliseconds, the device's clock: when the card went in. */
      time: number;
      /** The card's holder; a card carries at least one of the name and the licence. */
      name: string | null;
      /** The driver's licence (qualification certificate) number. */
      licence: string | null;
      /** Who issued the licence. */
      authority: string | null;
      /** The licence's expiry, YYYY-MM-DD. */
      validUntil: string | null;
      /** The driver's identity card number (the 2019 edition's cards). */
      idNumber: string | null;
    }
  | {
      state: 'out';
      /** Epoch milliseconds, the device's clock: when the card came out. */
      time: number;
    };
