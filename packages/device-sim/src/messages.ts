import { randomBytes } from 'node:crypto';

/** Major version of docs/device-protocol.md that this client speaks. */
export const PROTOCOL_VERSION = 1;

/** Every payload, up or down, carries these (docs/device-protocol.md, Messages). */
export interface Envelope {
  v: number;
  id: string;
  at: number;
}

export type UpKind = 'hello' | 'status' | 'gps' | 'ack' | (string & {});

export interface GpsPoint {
  t: number;
  lat: number;
  lng: number;
  speed: number;
  heading: number;
  dbm?: number;
}

export interface DownMessage extends Envelope {
  [field: string]: unknown;
}

export const upTopic = (uuid: string, kind: string) => `dev/${uuid}/up/${kind}`;
export const downFilter = (uuid: string) => `dev/${uuid}/down/#`;

/**
 * Message ids unique per device: a random prefix drawn at start-up plus a counter, so ids of a restarted simulator
 * (whose counter starts again at 1) never repeat ids the portal already stored and would skip as resends.
 */
export function messageIds(): () => string {
  const prefix = randomBytes(4).toString('hex');
  let counter = 0;
  return () => `${prefix}-${++counter}`;
}

/** The kind of a down topic `dev/{uuid}/down/{kind}`, or undefined for another topic. */
export function downKind(uuid: string, topic: string): string | undefined {
  const prefix = `dev/${uuid}/down/`;
  return topic.startsWith(prefix) && topic.length > prefix.length ? topic.slice(prefix.length) : undefined;
}

export type ParsedDown = { ok: true; message: DownMessage } | { ok: false; error: string; id?: string };

/** A down payload with a usable envelope, or the reason it is not one (with its id when there is one to answer). */
export function parseDown(payload: Buffer): ParsedDown {
  let value: unknown;
  try {
    value = JSON.parse(payload.toString('utf8'));
  } catch {
    return { ok: false, error: 'not JSON' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, error: 'not a JSON object' };
  const fields = value as Record<string, unknown>;
  const id = typeof fields.id === 'string' && fields.id.length > 0 ? fields.id : undefined;
  if (!id) return { ok: false, error: 'missing id' };
  if (typeof fields.v !== 'number' || typeof fields.at !== 'number') return { ok: false, error: 'missing v or at', id };
  if (Math.trunc(fields.v) !== PROTOCOL_VERSION) return { ok: false, error: `unsupported version ${fields.v}`, id };
  return { ok: true, message: fields as DownMessage };
}

/** A 20-digit ICCID (89 telecom, 46 Sweden / 47 Norway, issuer and serial from the seed, Luhn check digit). */
export function iccidFor(seed: number): string {
  const country = seed % 2 === 0 ? '46' : '47';
  const body = `89${country}${String(seed % 1e15).padStart(15, '0')}`;
  return body + luhnDigit(body);
}

function luhnDigit(digits: string): string {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}
