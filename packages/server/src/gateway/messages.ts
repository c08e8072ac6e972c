/**
 * Parsing of up payloads (docs/device-protocol.md, "Messages"): each kind is checked by its compiled schema from the
 * contract (`@safety-shield/contract/device`) and the rules a schema cannot state, then put in the form the device
 * intake takes (`IncidentReport`, `SosReport`, `HealthReport`, … of device-port/reports.ts). Pure functions; a
 * failure's reason is worked out only when someone reads it (the drop log is rate-limited).
 */
import { type DeviceFaultCode, deviceFaultCodes } from '@safety-shield/contract';
import {
  type ConfigReportUp,
  compiled,
  deviceTime,
  envelopeProblem,
  healthProblem,
  incidentProblem,
  isProtocolVersion,
  MAX_ACK_ERROR,
  MAX_UPLOAD_REASON,
  messageIdText,
  sosProblem,
  toMillis,
  type UpKind,
  type UpPayload,
  upProblem,
  wellFormedFields,
} from '@safety-shield/contract/device';
import type {
  CommandAck as Ack,
  DeviceFault,
  DeviceHello,
  HealthReport,
  IncidentReport,
  PositionFix,
  SosReport,
  UploadReport,
} from '../device-port/index.js';

export interface Envelope {
  v: number;
  id: string;
  /** Epoch milliseconds. */
  at: number;
  body: Record<string, unknown>;
}

/** A value or why the message is malformed; `version` marks a message of an unknown major version. */
export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: string; version?: boolean };

const malformed = (reason: string): { ok: false; reason: string } => ({ ok: false, reason });

/** A message its kind's schema refused; the reason (a walk of the schema) is found only if it is read. */
function refused(kind: UpKind, body: unknown): { ok: false; reason: string } {
  let reason: string | undefined;
  return {
    ok: false,
    get reason() {
      reason ??= upProblem(kind, body);
      return reason;
    },
  };
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const given = <T>(value: T | null | undefined): value is T => value !== undefined && value !== null;
/** Text as stored: trimmed, and nothing when blank. */
const trimmed = (value: string | null | undefined) => (typeof value === 'string' && value.trim().length > 0 ? value.trim() : null);

const NOT_JSON = Symbol('not JSON');

function json(payload: Buffer): unknown {
  try {
    return JSON.parse(payload.toString('utf8'));
  } catch {
    return NOT_JSON;
  }
}

export function parseEnvelope(payload: Buffer): Parsed<Envelope> {
  const body = json(payload);
  if (body === NOT_JSON) return malformed('not JSON');
  const v = isRecord(body) ? body.v : undefined;
  // PROTOCOL: another major version is acknowledged and dropped, whatever else it holds.
  if (typeof v === 'number' && Number.isFinite(v) && !isProtocolVersion(v))
    return { ok: false, reason: `unknown version ${v}`, version: true };
  if (!compiled.envelope.up.Check(body)) {
    let reason: string | undefined;
    return {
      ok: false,
      get reason() {
        reason ??= envelopeProblem('up', body);
        return reason;
      },
    };
  }
  return {
    ok: true,
    value: { v: body.v, id: messageIdText(body.id), at: toMillis(body.at), body: body as unknown as Record<string, unknown> },
  };
}

export function parseGps(body: Record<string, unknown>, now = Date.now()): Parsed<PositionFix[]> {
  if (!compiled.up.gps.Check(body)) return refused('gps', body);
  const { points } = body;
  const parsed: PositionFix[] = new Array(points.length);
  for (let i = 0; i < points.length; i++) {
    const { t, lat, lng, speed, heading, dbm } = points[i] as (typeof points)[number];
    const time = deviceTime(t, now);
    if (time === null) return malformed(`points[${i}].t ${t} is out of range`);
    parsed[i] = { t: time, lat, lng, speed, heading, dbm: given(dbm) ? Math.round(dbm) : null };
  }
  return { ok: true, value: parsed };
}

/** A kind whose schema says all (`upgradeProgress`, `lockState`, `tamper`): the body as it is, or refused. */
export function parseChecked<K extends 'upgradeProgress' | 'lockState' | 'tamper'>(
  kind: K,
  body: Record<string, unknown>,
): Parsed<UpPayload<K>> {
  return compiled.up[kind].Check(body) ? { ok: true, value: body as UpPayload<K> } : refused(kind, body);
}

/** configReport: what the device runs (docs/device-protocol.md, `config`). */
export function parseConfigReport(body: Record<string, unknown>): Parsed<ConfigReportUp> {
  return compiled.up.configReport.Check(body)
    ? { ok: true, value: { version: body.version, settings: body.settings } }
    : refused('configReport', body);
}

export function parseStatus(body: Record<string, unknown>): Parsed<{ online: boolean }> {
  return compiled.up.status.Check(body) ? { ok: true, value: { online: body.online } } : refused('status', body);
}

/** hello: a field of the wrong form is ignored rather than dropping the whole message (ICCID: 19–20 digits). */
export function parseHello(body: Record<string, unknown>): Parsed<DeviceHello> {
  const { version, iccid, channels, name, model } = wellFormedFields(compiled.helloFields, body);
  return {
    ok: true,
    value: { version: version ?? null, iccid: iccid ?? null, channels: channels ?? null, name: trimmed(name), model: model ?? null },
  };
}

/** ack: a malformed `error` or `result` is ignored; the error is kept to MAX_ACK_ERROR characters. */
export function parseAck(body: Record<string, unknown>): Parsed<Ack> {
  const { ref, ok } = body;
  const { error, result } = wellFormedFields(compiled.ackFields, body);
  const core = { ref, ok };
  if (!compiled.up.ack.Check(core)) return refused('ack', core);
  const value: Ack = { ref: core.ref, ok: core.ok, error: typeof error === 'string' ? error.slice(0, MAX_ACK_ERROR) : null };
  if (result) value.result = result;
  return { ok: true, value };
}

/** A time the schema and rules accepted, in epoch milliseconds. */
const millis = (value: number | null | undefined) => (given(value) ? Math.round(toMillis(value)) : null);

/** incident: one out-of-range field makes the message malformed (PROTOCOL: it is acknowledged and dropped). */
export function parseIncident(body: Record<string, unknown>, now = Date.now()): Parsed<IncidentReport> {
  if (!compiled.up.incident.Check(body)) return refused('incident', body);
  const problem = incidentProblem(body, now);
  if (problem) return malformed(problem);
  const { type, triggerAt, localTime, speed, lat, lng, channel, description, resources = [] } = body;
  const positioned = given(lat) && given(lng);
  return {
    ok: true,
    value: {
      type,
      triggerAt: Math.round(toMillis(triggerAt)),
      localTime: trimmed(localTime),
      speed,
      lat: positioned ? lat : null,
      lng: positioned ? lng : null,
      channel,
      description: trimmed(description),
      resources: resources.map(({ id, kind, channel, start, end }) => ({ id, kind, channel, start: millis(start), end: millis(end) })),
    },
  };
}

/** upload: state 1 must announce size, sha256 and content type (whether they are acceptable is the portal's rule, not a parse error). */
export function parseUpload(body: Record<string, unknown>): Parsed<UploadReport> {
  if (!compiled.up.upload.Check(body)) return refused('upload', body);
  const apply = body.state === 1 ? body : null;
  return {
    ok: true,
    value: {
      incidentMessageId: messageIdText(body.incidentMessageId),
      resourceId: body.resourceId,
      state: body.state,
      size: apply ? apply.size : null,
      sha256: apply ? apply.sha256.toLowerCase() : null,
      contentType: apply ? apply.contentType : null,
      reason: trimmed(body.reason)?.slice(0, MAX_UPLOAD_REASON) ?? null,
    },
  };
}

export function parseSos(body: Record<string, unknown>, at: number, now = Date.now()): Parsed<SosReport> {
  if (!compiled.up.sos.Check(body)) return refused('sos', body);
  const problem = sosProblem(body, now);
  if (problem) return malformed(problem);
  const { state, time, localTime, lat, lng, speed, startId } = body;
  const positioned = given(lat) && given(lng);
  return {
    ok: true,
    value: {
      state,
      time: Math.round(given(time) ? toMillis(time) : at),
      localTime: trimmed(localTime),
      lat: positioned ? lat : null,
      lng: positioned ? lng : null,
      speed: given(speed) ? speed : null,
      startId: given(startId) ? messageIdText(startId) : null,
    },
  };
}

const faultCodes: ReadonlySet<string> = new Set(deviceFaultCodes);

/** `health`: the device's whole set of current faults (docs/device-protocol.md, `health`). */
export function parseHealth(body: Record<string, unknown>, at: number, now = Date.now()): Parsed<HealthReport> {
  const problem = healthProblem(at);
  if (problem) return malformed(problem);
  if (!compiled.up.health.Check(body)) return refused('health', body);
  const seen = new Map<string, DeviceFault>();
  const unknown: string[] = [];
  for (const fault of body.faults) {
    if (!faultCodes.has(fault.code)) {
      unknown.push(fault.code);
      continue;
    }
    const value: DeviceFault = {
      code: fault.code as DeviceFaultCode,
      channel: fault.code === 'cameraLost' ? (fault.channel as number) : 0,
    };
    seen.set(`${value.code}/${value.channel}`, value);
  }
  return { ok: true, value: { time: Math.round(Math.min(at, now)), faults: [...seen.values()], unknown } };
}
