import { type IncidentType, incidentTypes } from '@safety-shield/contract';
import { type IncidentResource, type IncidentUp, MAX_INCIDENT_RESOURCES } from '@safety-shield/contract/device';
import type { DriveMoment, DriveMomentKind, DriveSample } from './drive.js';
import type { Random } from './random.js';

/** The incident types of docs/device-protocol.md (`incident`): the contract's list, the one source. */
export const INCIDENT_TYPES = incidentTypes;
export type { IncidentType };

/** Relative weights of the types a device raises: what a real fleet reports most is harsh braking and over-speed. */
export type IncidentMix = Partial<Record<IncidentType, number>>;

export const DEFAULT_INCIDENT_MIX: Readonly<Record<IncidentType, number>> = {
  harshBraking: 30,
  overSpeed: 25,
  harshAcceleration: 12,
  sharpTurn: 10,
  laneDeparture: 6,
  // A JT/T 808 dashcam's (BSD): the MQTT simulator raises none.
  blindSpot: 0,
  distraction: 4,
  phoneUse: 3,
  forwardCollision: 2,
  fatigue: 2,
  seatbelt: 2,
  smoking: 1,
  cameraBlocked: 1,
  panicButton: 1,
  collision: 0.5,
  // Raised by the device's alarm areas when the vehicle crosses one (geofence.ts), never drawn at random.
  areaEnter: 0,
  areaLeave: 0,
  // Filed by the portal for a DVR upload (modules/dvr), never raised by a device.
  dvrClip: 0,
};

/** Length of the clip a device keeps per channel around the trigger. */
export const INCIDENT_VIDEO_MS = 20_000;

/** A weighted draw from the mix; types with no (or a non-positive) weight are never drawn. */
export function pickIncidentType(random: Random, mix: IncidentMix = DEFAULT_INCIDENT_MIX): IncidentType {
  const weighted = INCIDENT_TYPES.map((type) => [type, Math.max(0, mix[type] ?? 0)] as const).filter(([, weight]) => weight > 0);
  const total = weighted.reduce((sum, [, weight]) => sum + weight, 0);
  if (total === 0) throw new Error('the incident mix has no positive weight');
  let left = random() * total;
  for (const [type, weight] of weighted) {
    left -= weight;
    if (left < 0) return type;
  }
  return weighted[weighted.length - 1]?.[0] ?? 'harshBraking';
}

/** Where in a drive a type plausibly happens: at which moments, within which speeds (km/h); `any`: whenever. */
export interface IncidentFit {
  moments: readonly DriveMomentKind[] | 'any';
  minKmh?: number;
  maxKmh?: number;
}

export const INCIDENT_FITS: Readonly<Record<IncidentType, IncidentFit>> = {
  // Reported with the speed before braking.
  harshBraking: { moments: ['hardBraking'] },
  // Closing fast on the vehicle ahead, then braking for it.
  forwardCollision: { moments: ['hardBraking'], minKmh: 30 },
  // Bumps happen at junctions, at low to medium speed.
  collision: { moments: ['junction'], minKmh: 10, maxKmh: 50 },
  harshAcceleration: { moments: ['hardAcceleration'] },
  sharpTurn: { moments: ['turn'], minKmh: 22 },
  // Only in a speeding spell on a straight, over the limit there.
  overSpeed: { moments: ['speeding'] },
  laneDeparture: { moments: ['cruising'] },
  // Changing lanes or turning past something beside the vehicle.
  blindSpot: { moments: ['cruising', 'turn'] },
  fatigue: { moments: ['cruising'] },
  distraction: { moments: ['cruising'] },
  phoneUse: { moments: ['cruising', 'junction'] },
  smoking: { moments: ['cruising', 'junction'] },
  seatbelt: { moments: ['cruising', 'junction'] },
  cameraBlocked: { moments: 'any' },
  panicButton: { moments: 'any' },
  // Crossing an alarm area's edge takes a moving vehicle (the geofence watch raises them at the crossing itself).
  areaEnter: { moments: ['junction', 'turn', 'cruising'], minKmh: 5 },
  areaLeave: { moments: ['junction', 'turn', 'cruising'], minKmh: 5 },
  dvrClip: { moments: 'any' },
};

/** Whether a type may be raised whenever, standing or driving. */
export function fitsAnyTime(type: IncidentType): boolean {
  return INCIDENT_FITS[type].moments === 'any';
}

/** Whether an incident of this type plausibly happens at this moment of the drive. */
export function fitsMoment(type: IncidentType, moment: DriveMoment): boolean {
  const { moments, minKmh = 0, maxKmh = Number.POSITIVE_INFINITY } = INCIDENT_FITS[type];
  if (moments !== 'any' && !moments.includes(moment.kind)) return false;
  return moment.sample.speed >= minKmh && moment.sample.speed <= maxKmh;
}

/** Simulated time a drawn incident waits for its moment before it is dropped (a motorway has no junctions). */
const MAX_WAIT_S = 30 * 60;
const MAX_WAITING = 20;

/**
 * Incidents drawn from the mix wait here for a moment of the drive where they plausibly happen (harsh braking when
 * the vehicle brakes hard, over-speed when it speeds), so an incident's place and speed match its type.
 */
export class IncidentWaitList {
  private waiting: Array<{ type: IncidentType; sinceS: number }> = [];

  get size(): number {
    return this.waiting.length;
  }

  add(type: IncidentType, nowS: number): void {
    this.waiting.push({ type, sinceS: nowS });
    if (this.waiting.length > MAX_WAITING) this.waiting.shift();
  }

  /** The longest-waiting type this moment fits, taken off the list; those waited too long are dropped first. */
  take(moment: DriveMoment): IncidentType | undefined {
    this.waiting = this.waiting.filter((w) => moment.atS - w.sinceS <= MAX_WAIT_S);
    const index = this.waiting.findIndex((w) => fitsMoment(w.type, moment));
    if (index < 0) return undefined;
    return this.waiting.splice(index, 1)[0]?.type;
  }
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** 'YYYY-MM-DD HH:MM:SS' as the device's clock shows it, `offsetMinutes` east of UTC (default: this machine's zone). */
export function localTimeText(ms: number, offsetMinutes = -new Date(ms).getTimezoneOffset()): string {
  const d = new Date(ms + offsetMinutes * 60_000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** Fields of an incident a caller may set (the rest comes from the drive and the clock). */
export interface IncidentOverrides {
  triggerAt?: number;
  localTime?: string;
  speed?: number;
  lat?: number;
  lng?: number;
  channel?: number;
  description?: string;
  resources?: IncidentResource[];
}

/** What a device keeps of an incident (the configuration's `evidence`, docs/device-protocol.md `config`). */
export interface IncidentEvidence {
  /** Video kept before and after the trigger. */
  secondsBefore: number;
  secondsAfter: number;
  /** The cameras whose video and pictures are kept; channels the device does not have are left out. */
  channels: readonly number[];
  /** Pictures each of those cameras takes at the trigger. */
  pictures: number;
}

/** The factory evidence of a device with `channels` cameras: one picture and 10 s either side of the trigger on each. */
export function defaultEvidence(channels: number): IncidentEvidence {
  const half = INCIDENT_VIDEO_MS / 2 / 1000;
  return { secondsBefore: half, secondsAfter: half, channels: Array.from({ length: channels }, (_, i) => i + 1), pictures: 1 };
}

/**
 * The files of an incident, named after the message id: on each evidence channel, its pictures (`-ch1.jpg`, then
 * `-ch1-2.jpg`, …) and one video from `secondsBefore` before the trigger to `secondsAfter` after it (none when both are
 * 0). An incident lists at most MAX_INCIDENT_RESOURCES files: beyond that, channels take fewer pictures (videos first).
 * By default (the factory evidence) one picture and one 20 s video per channel.
 */
export function incidentResources(
  messageId: string,
  channels: number,
  triggerAt: number,
  evidence: IncidentEvidence = defaultEvidence(channels),
): IncidentResource[] {
  const cameras = [...new Set(evidence.channels)].filter((channel) => channel >= 1 && channel <= channels).sort((a, b) => a - b);
  const start = triggerAt - evidence.secondsBefore * 1000;
  const end = triggerAt + evidence.secondsAfter * 1000;
  const videos = end > start ? Math.min(cameras.length, MAX_INCIDENT_RESOURCES) : 0;
  const room = MAX_INCIDENT_RESOURCES - videos;
  const pictures = cameras.length === 0 ? 0 : Math.min(evidence.pictures, Math.floor(room / cameras.length));
  const resources: IncidentResource[] = [];
  for (const [index, channel] of cameras.entries()) {
    for (let n = 1; n <= pictures; n++) {
      resources.push({ id: `${messageId}-ch${channel}${n === 1 ? '' : `-${n}`}.jpg`, kind: 'picture', channel });
    }
    if (index < videos) resources.push({ id: `${messageId}-ch${channel}.mp4`, kind: 'video', channel, start, end });
  }
  return resources;
}

/** The payload of an `incident` up message (besides v, id, at). */
export function incidentPayload(
  messageId: string,
  type: IncidentType,
  at: { sample: DriveSample; channels: number; random: Random; now: number; evidence?: IncidentEvidence },
  overrides: IncidentOverrides = {},
): IncidentUp {
  const triggerAt = overrides.triggerAt ?? at.now;
  return {
    type,
    triggerAt,
    localTime: localTimeText(triggerAt),
    speed: at.sample.speed,
    lat: at.sample.lat,
    lng: at.sample.lng,
    channel: 1 + Math.floor(at.random() * at.channels),
    resources: incidentResources(messageId, at.channels, triggerAt, at.evidence),
    ...overrides,
  };
}
