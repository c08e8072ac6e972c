import { randomBytes } from 'node:crypto';
import {
  compiled,
  type DownEnvelope,
  type DownKind,
  type DownPayload,
  downProblem,
  isProtocolVersion,
  PROTOCOL_VERSION,
  type UpKind as ProtocolUpKind,
} from '@safety-shield/contract/device';

export type { GpsPoint } from '@safety-shield/contract/device';
/**
 * The simulator speaks the messages of the contract (`@safety-shield/contract/device`), the one declaration of
 * docs/device-protocol.md: their types come from there, and down messages are checked with its compiled validators.
 */
export { PROTOCOL_VERSION };

/** Every payload, up or down, carries these (docs/device-protocol.md, Messages). */
export type Envelope = DownEnvelope;

/** The protocol's up kinds, and any other a caller publishes (a kind of a later release). */
export type UpKind = ProtocolUpKind | (string & {});

/** A down message: a protocol kind's payload with its envelope, or any object for another kind. */
export type DownMessage<K extends string = string> = DownEnvelope & (K extends DownKind ? DownPayload<K> : { [field: string]: unknown });

export { downFilter, upTopic } from '@safety-shield/contract/device';

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
  const { id, v } = value as Record<string, unknown>;
  const answerable = typeof id === 'string' && id.length > 0 ? id : undefined;
  if (!answerable) return { ok: false, error: 'missing id' };
  if (!compiled.envelope.down.Check(value)) return { ok: false, error: 'missing v or at', id: answerable };
  if (!isProtocolVersion(value.v)) return { ok: false, error: `unsupported version ${v}`, id: answerable };
  return { ok: true, message: value as DownMessage };
}

/** Whether `kind` is a down kind of the protocol (a device may also be taught others with handle()). */
export const isDownKind = (kind: string): kind is DownKind => Object.hasOwn(compiled.down, kind);

/**
 * A down message of a protocol kind checked against its schema (its compiled validator); the problem, to answer in the
 * ack, when it is malformed. A kind the protocol does not have passes as it is.
 */
export function checkDown(kind: string, message: DownMessage): { ok: true } | { ok: false; error: string } {
  if (!isDownKind(kind) || compiled.down[kind].Check(message)) return { ok: true };
  return { ok: false, error: `malformed ${kind}: ${downProblem(kind, message)}` };
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
