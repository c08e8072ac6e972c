/** Parsing and validation of up payloads (docs/device-protocol.md, "Messages"). Pure functions. */
import { DEVICE_FAULTS_MAX, type DeviceFaultCode, deviceFaultCodes, type IncidentType, incidentTypes } from '@safety-shield/contract';

export interface Envelope {
  v: number;
  id: string;
  /** Epoch milliseconds. */
  at: number;
  body: Record<string, unknown>;
}

export interface GpsPoint {
  /** Epoch milliseconds. */
  t: number;
  lat: number;
  lng: number;
  speed: number;
  heading: number;
  dbm: number | null;
}

export interface Hello {
  version: string | null;
  iccid: string | null;
  channels: number | null;
  name: string | null;
}

export interface Ack {
  ref: string;
  ok: boolean;
  error: string | null;
  /** What the command answers (e.g. `dvrIndex`'s segments); absent for most commands. */
  result?: Record<string, unknown>;
}

/** A value or why the message is malformed; `version` marks a message of an unknown major version. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string; version?: boolean };

const malformed = (reason: string): { ok: false; reason: string } => ({ ok: false, reason });
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const inRange = (value: unknown, min: number, max: number): value is number => isNumber(value) && value >= min && value <= max;

export const MAX_POINTS = 500;
/** A point dated further ahead would pin the live position until the clock caught up. */
const FUTURE_SLACK_MS = 24 * 3600_000;
const EPOCH_2000_MS = 946_684_800_000;

/** Epoch milliseconds; PROTOCOL: a 10-digit value is taken as seconds. */
export const toMillis = (value: number) => (value < 1e11 ? value * 1000 : value);

export function parseEnvelope(payload: Buffer): Parsed<Envelope> {
  let body: unknown;
  try {
    body = JSON.parse(payload.toString('utf8'));
  } catch {
    return malformed('not JSON');
  }
  if (!isRecord(body)) return malformed('not a JSON object');
  const { v, id, at } = body;
  if (!isNumber(v)) return malformed('v is missing');
  if (Math.trunc(v) !== 1) return { ok: false, reason: `unknown version ${v}`, version: true };
  const messageId = typeof id === 'number' && Number.isInteger(id) ? String(id) : id;
  if (typeof messageId !== 'string' || messageId.length === 0 || messageId.length > 128) return malformed('id is missing');
  if (!isNumber(at) || at <= 0) return malformed('at is missing');
  return { ok: true, value: { v, id: messageId, at: toMillis(at), body } };
}

export function parseGps(body: Record<string, unknown>, now = Date.now()): Parsed<GpsPoint[]> {
  const { points } = body;
  if (!Array.isArray(points) || points.length < 1 || points.length > MAX_POINTS) return malformed(`points must hold 1–${MAX_POINTS}`);
  const parsed: GpsPoint[] = [];
  for (const point of points) {
    if (!isRecord(point)) return malformed('a point is not an object');
    const { t, lat, lng, speed, heading, dbm } = point;
    if (!isNumber(t)) return malformed('t is missing');
    const time = toMillis(t);
    if (time < EPOCH_2000_MS || time > now + FUTURE_SLACK_MS) return malformed(`t ${t} is out of range`);
    if (!inRange(lat, -90, 90) || !inRange(lng, -180, 180)) return malformed('lat/lng out of range');
    if (!inRange(speed, 0, 1000)) return malformed('speed out of range');
    if (!isNumber(heading) || heading < 0 || heading >= 360) return malformed('heading out of range');
    if (dbm !== undefined && dbm !== null && !inRange(dbm, -140, 0)) return malformed('dbm out of range');
    parsed.push({ t: Math.round(time), lat, lng, speed, heading, dbm: isNumber(dbm) ? Math.round(dbm) : null });
  }
  return { ok: true, value: parsed };
}

export function parseStatus(body: Record<string, unknown>): Parsed<{ online: boolean }> {
  return typeof body.online === 'boolean' ? { ok: true, value: { online: body.online } } : malformed('online is missing');
}

/** hello: a field of the wrong shape is ignored rather than dropping the whole message (ICCID: 19–20 digits). */
export function parseHello(body: Record<string, unknown>): Parsed<Hello> {
  const { version, iccid, channels, name } = body;
  return {
    ok: true,
    value: {
      version: typeof version === 'string' && version.length > 0 && version.length <= 64 ? version : null,
      iccid: typeof iccid === 'string' && /^\d{19,20}$/.test(iccid) ? iccid : null,
      channels: Number.isInteger(channels) && inRange(channels, 1, 16) ? channels : null,
      name: typeof name === 'string' && name.trim().length > 0 && name.length <= 64 ? name.trim() : null,
    },
  };
}

export function parseAck(body: Record<string, unknown>): Parsed<Ack> {
  const { ref, ok, error, result } = body;
  if (typeof ref !== 'string' || ref.length === 0) return malformed('ref is missing');
  if (typeof ok !== 'boolean') return malformed('ok is missing');
  const value: Ack = { ref, ok, error: typeof error === 'string' ? error.slice(0, 500) : null };
  if (isRecord(result)) value.result = result;
  return { ok: true, value };
}

export interface IncidentResource {
  /** The device's own name for the file. */
  id: string;
  kind: 'picture' | 'video';
  channel: number;
  /** Epoch milliseconds (videos). */
  start: number | null;
  end: number | null;
}

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
  resources: IncidentResource[];
}

export const MAX_INCIDENT_RESOURCES = 16;
export const MAX_INCIDENT_DESCRIPTION = 200;
/** A device file name: 1–64 characters, no control characters. */
const isResourceId = (value: unknown): value is string =>
  typeof value === 'string' && value.length >= 1 && value.length <= 64 && !/\p{Cc}/u.test(value);
const isChannel = (value: unknown): value is number => Number.isInteger(value) && inRange(value, 1, 16);
const isTime = (value: number, now: number) => value >= EPOCH_2000_MS && value <= now + FUTURE_SLACK_MS;

function parseResource(value: unknown, now: number): Parsed<IncidentResource> {
  if (!isRecord(value)) return malformed('a resource is not an object');
  const { id, kind, channel, start, end } = value;
  if (!isResourceId(id)) return malformed('resource id must be 1–64 characters');
  if (kind !== 'picture' && kind !== 'video') return malformed(`resource ${id}: kind must be picture or video`);
  if (!isChannel(channel)) return malformed(`resource ${id}: channel must be 1–16`);
  const times: Array<number | null> = [];
  for (const time of [start, end]) {
    if (time === undefined || time === null) times.push(null);
    else if (isNumber(time) && isTime(toMillis(time), now)) times.push(Math.round(toMillis(time)));
    else return malformed(`resource ${id}: start/end out of range`);
  }
  const [from = null, to = null] = times;
  if (from !== null && to !== null && to < from) return malformed(`resource ${id}: end before start`);
  return { ok: true, value: { id, kind, channel, start: from, end: to } };
}

/** incident: one out-of-range field makes the message malformed (PROTOCOL: it is acknowledged and dropped). */
export function parseIncident(body: Record<string, unknown>, now = Date.now()): Parsed<IncidentReport> {
  const { type, triggerAt, localTime, speed, lat, lng, channel, description, resources = [] } = body;
  if (typeof type !== 'string' || !(incidentTypes as readonly string[]).includes(type))
    return malformed(`unknown incident type ${String(type)}`);
  if (!isNumber(triggerAt) || !isTime(toMillis(triggerAt), now)) return malformed('triggerAt is missing or out of range');
  if (localTime !== undefined && localTime !== null && (typeof localTime !== 'string' || localTime.length > 64))
    return malformed('localTime must be text of at most 64 characters');
  if (!inRange(speed, 0, 1000)) return malformed('speed out of range');
  const noPosition = (lat === undefined || lat === null) && (lng === undefined || lng === null);
  if (!noPosition && (!inRange(lat, -90, 90) || !inRange(lng, -180, 180))) return malformed('lat/lng out of range');
  if (!isChannel(channel)) return malformed('channel must be 1–16');
  if (
    description !== undefined &&
    description !== null &&
    (typeof description !== 'string' || description.length > MAX_INCIDENT_DESCRIPTION)
  )
    return malformed(`description must be text of at most ${MAX_INCIDENT_DESCRIPTION} characters`);
  if (!Array.isArray(resources) || resources.length > MAX_INCIDENT_RESOURCES)
    return malformed(`resources must hold 0–${MAX_INCIDENT_RESOURCES}`);
  const parsed: IncidentResource[] = [];
  for (const resource of resources) {
    const one = parseResource(resource, now);
    if (!one.ok) return one;
    // The resource key is (incident, device file name): a repeated name would fail the write on every resend.
    if (parsed.some((other) => other.id === one.value.id)) return malformed(`resource ${one.value.id} repeated`);
    parsed.push(one.value);
  }
  return {
    ok: true,
    value: {
      type: type as IncidentType,
      triggerAt: Math.round(toMillis(triggerAt)),
      localTime: typeof localTime === 'string' && localTime.trim().length > 0 ? localTime.trim() : null,
      speed,
      lat: noPosition ? null : (lat as number),
      lng: noPosition ? null : (lng as number),
      channel,
      description: typeof description === 'string' && description.trim().length > 0 ? description.trim() : null,
      resources: parsed,
    },
  };
}

/** SPEC section 3, upload resource states a device reports: apply (1), start (3), success (5), local file removed (6), fail (-1). */
export const DEVICE_UPLOAD_STATES = [1, 3, 5, 6, -1] as const;
export type DeviceUploadState = (typeof DEVICE_UPLOAD_STATES)[number];

export interface UploadReport {
  /** The id of the `incident` message that listed the resource. */
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

const SHA256_HEX = /^[0-9a-f]{64}$/;

/** upload: state 1 must announce size, sha256 and content type (whether they are acceptable is the portal's rule, not a parse error). */
export function parseUpload(body: Record<string, unknown>): Parsed<UploadReport> {
  const { incidentMessageId, resourceId, state, size, sha256, contentType, reason } = body;
  const messageId =
    typeof incidentMessageId === 'number' && Number.isInteger(incidentMessageId) ? String(incidentMessageId) : incidentMessageId;
  if (typeof messageId !== 'string' || messageId.length === 0 || messageId.length > 128) return malformed('incidentMessageId is missing');
  if (!isResourceId(resourceId)) return malformed('resourceId must be 1–64 characters');
  if (!(DEVICE_UPLOAD_STATES as readonly unknown[]).includes(state))
    return malformed(`state must be one of ${DEVICE_UPLOAD_STATES.join(', ')}`);
  const apply = state === 1;
  if (apply && (!Number.isSafeInteger(size) || (size as number) < 1)) return malformed('size must be a positive integer');
  const hash = typeof sha256 === 'string' ? sha256.toLowerCase() : sha256;
  if (apply && (typeof hash !== 'string' || !SHA256_HEX.test(hash))) return malformed('sha256 must be 64 hex digits');
  if (apply && (typeof contentType !== 'string' || contentType.length === 0 || contentType.length > 100))
    return malformed('contentType is missing');
  if (reason !== undefined && reason !== null && typeof reason !== 'string') return malformed('reason must be text');
  return {
    ok: true,
    value: {
      incidentMessageId: messageId,
      resourceId,
      state: state as DeviceUploadState,
      size: apply ? (size as number) : null,
      sha256: apply ? (hash as string) : null,
      contentType: apply ? (contentType as string) : null,
      reason: typeof reason === 'string' && reason.trim().length > 0 ? reason.trim().slice(0, 200) : null,
    },
  };
}

/** `sos` (docs/device-protocol.md): the S.O.S button pressed (start) or released (stop). */
export interface SosReport {
  state: 'start' | 'stop';
  /** Epoch milliseconds of the press or release; the envelope's `at` when absent. */
  time: number;
  /** The device's clock as it showed it, text. */
  localTime: string | null;
  lat: number | null;
  lng: number | null;
  speed: number | null;
  /** stop: the `id` of the start message it ends; absent, the device's open S.O.S. */
  startId: string | null;
}

export function parseSos(body: Record<string, unknown>, at: number, now = Date.now()): Parsed<SosReport> {
  const { state, time, localTime, lat, lng, speed, startId } = body;
  if (state !== 'start' && state !== 'stop') return malformed('state must be start or stop');
  if (time !== undefined && time !== null && (!isNumber(time) || !isTime(toMillis(time), now))) return malformed('time out of range');
  if (localTime !== undefined && localTime !== null && (typeof localTime !== 'string' || localTime.length > 64))
    return malformed('localTime must be text of at most 64 characters');
  const noPosition = (lat === undefined || lat === null) && (lng === undefined || lng === null);
  if (!noPosition && (!inRange(lat, -90, 90) || !inRange(lng, -180, 180))) return malformed('lat/lng out of range');
  if (speed !== undefined && speed !== null && !inRange(speed, 0, 1000)) return malformed('speed out of range');
  const start = typeof startId === 'number' && Number.isInteger(startId) ? String(startId) : startId;
  if (start !== undefined && start !== null && (typeof start !== 'string' || start.length === 0 || start.length > 128))
    return malformed('startId must be a message id');
  return {
    ok: true,
    value: {
      state,
      time: Math.round(isNumber(time) ? toMillis(time) : at),
      localTime: typeof localTime === 'string' && localTime.trim().length > 0 ? localTime.trim() : null,
      lat: noPosition ? null : (lat as number),
      lng: noPosition ? null : (lng as number),
      speed: isNumber(speed) ? speed : null,
      startId: typeof start === 'string' ? start : null,
    },
  };
}

/** One fault of a `health` report; channel 0 for a fault of the whole device. */
export interface DeviceFault {
  code: DeviceFaultCode;
  channel: number;
}

export interface HealthReport {
  /** When the device made the report (its clock, never later than the portal's): raises and clears are dated so. */
  time: number;
  /** The faults the device has now (deduplicated); empty: all well. */
  faults: DeviceFault[];
  /** Codes this release does not know, skipped (newer firmware may report more). */
  unknown: string[];
}

const faultCodes: ReadonlySet<string> = new Set(deviceFaultCodes);

/** `health`: the device's whole set of current faults (docs/device-protocol.md, `health`). */
export function parseHealth(body: Record<string, unknown>, at: number, now = Date.now()): Parsed<HealthReport> {
  const { faults } = body;
  if (at < EPOCH_2000_MS) return malformed('at out of range');
  if (!Array.isArray(faults)) return malformed('faults must be a list');
  if (faults.length > DEVICE_FAULTS_MAX) return malformed(`at most ${DEVICE_FAULTS_MAX} faults`);
  const seen = new Map<string, DeviceFault>();
  const unknown: string[] = [];
  for (const fault of faults) {
    if (!isRecord(fault) || typeof fault.code !== 'string' || fault.code.length === 0 || fault.code.length > 64)
      return malformed('a fault needs a code');
    const { code, channel } = fault;
    if (!faultCodes.has(code)) {
      unknown.push(code);
      continue;
    }
    const camera = code === 'cameraLost';
    if (camera ? !(Number.isInteger(channel) && inRange(channel, 1, 16)) : channel !== undefined && channel !== null)
      return malformed(camera ? 'cameraLost needs a channel 1-16' : `${code} takes no channel`);
    const value: DeviceFault = { code: code as DeviceFaultCode, channel: camera ? (channel as number) : 0 };
    seen.set(`${value.code}/${value.channel}`, value);
  }
  return { ok: true, value: { time: Math.round(Math.min(at, now)), faults: [...seen.values()], unknown } };
}
