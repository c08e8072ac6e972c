/**
 * The rules of docs/device-protocol.md that a JSON schema cannot state: times read against the portal's clock,
 * fields that come in pairs, orders between fields. Each answers the problem as text, or null when there is none.
 */

/** The major version of docs/device-protocol.md this release speaks. */
export const PROTOCOL_VERSION = 1;
/** 2000-01-01T00:00:00Z: no device time is older. */
export const EPOCH_2000_MS = 946_684_800_000;
/** The same instant in seconds: the smallest number a time field may hold. */
export const EPOCH_2000_S = EPOCH_2000_MS / 1000;
/** A time further ahead of the portal's clock would pin the live position until the clock caught up. */
export const FUTURE_SLACK_MS = 24 * 3_600_000;

/** Epoch milliseconds; PROTOCOL: a 10-digit value is taken as seconds. */
export const toMillis = (value: number) => (value < 1e11 ? value * 1000 : value);

/** Whether a message's `v` is of this major version (a minor one added later still reads). */
export const isProtocolVersion = (v: number) => Math.trunc(v) === PROTOCOL_VERSION;

/** A message id as the portal keeps it: an integer id is its decimal text. */
export const messageIdText = (id: string | number): string => (typeof id === 'number' ? String(id) : id);

/** A device time in epoch milliseconds (rounded) when it lies after 2000 and at most a day ahead of `now`; else null. */
export function deviceTime(value: number, now = Date.now()): number | null {
  const ms = toMillis(value);
  return ms >= EPOCH_2000_MS && ms <= now + FUTURE_SLACK_MS ? Math.round(ms) : null;
}

const absent = (value: unknown) => value === undefined || value === null;

/** `lat` and `lng` come together: both given or both left out (null is left out). */
export const positionProblem = (lat: unknown, lng: unknown): string | null =>
  absent(lat) === absent(lng) ? null : 'lat and lng come together';

interface TimedResource {
  id: string;
  start?: number | null;
  end?: number | null;
}

/** `incident`: the trigger time, the position pair, each resource's span and unique resource ids. */
export function incidentProblem(
  message: { triggerAt: number; lat?: number | null; lng?: number | null; resources?: readonly TimedResource[] },
  now = Date.now(),
): string | null {
  if (deviceTime(message.triggerAt, now) === null) return `triggerAt ${message.triggerAt} is out of range`;
  const position = positionProblem(message.lat, message.lng);
  if (position) return position;
  const seen = new Set<string>();
  for (const resource of message.resources ?? []) {
    const start = absent(resource.start) ? null : deviceTime(resource.start as number, now);
    const end = absent(resource.end) ? null : deviceTime(resource.end as number, now);
    if ((!absent(resource.start) && start === null) || (!absent(resource.end) && end === null))
      return `resource ${resource.id}: start/end out of range`;
    if (start !== null && end !== null && end < start) return `resource ${resource.id}: end before start`;
    // The resource key is (incident, device file name): a repeated name would fail the write on every resend.
    if (seen.has(resource.id)) return `resource ${resource.id} repeated`;
    seen.add(resource.id);
  }
  return null;
}

/** `sos`: the press or release time, the position pair. */
export function sosProblem(message: { time?: number | null; lat?: number | null; lng?: number | null }, now = Date.now()): string | null {
  if (!absent(message.time) && deviceTime(message.time as number, now) === null) return `time ${message.time} is out of range`;
  return positionProblem(message.lat, message.lng);
}

/** `health`: the report's `at` (epoch ms) dates raises and clears, so it must lie after 2000. */
export const healthProblem = (at: number): string | null => (at < EPOCH_2000_MS ? 'at out of range' : null);

/** down `config`: a partial one changes something; video and evidence name each channel once. */
export function configProblem(message: {
  partial?: boolean;
  settings: { video?: readonly { channel: number }[]; evidence?: { channels: readonly number[] } } & Record<string, unknown>;
}): string | null {
  if (message.partial && Object.values(message.settings).every((value) => value === undefined)) return 'nothing to configure';
  const video = (message.settings.video ?? []).map((entry) => entry.channel);
  if (new Set(video).size !== video.length) return 'video names a channel twice';
  const evidence = message.settings.evidence?.channels ?? [];
  if (new Set(evidence).size !== evidence.length) return 'evidence names a channel twice';
  return null;
}

/** A span (`evidenceRequest`'s clip: end not before start; `live`'s playback: end after start). */
export const spanProblem = (name: string, span: { start: number; end: number }, strict = false): string | null =>
  span.end < span.start || (strict && span.end === span.start) ? `${name}.start and ${name}.end must be a time range` : null;
