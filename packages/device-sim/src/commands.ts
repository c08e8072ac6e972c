import type { CredentialStore } from './credentials.js';
import type { GpsSettings } from './gps-reporter.js';
import { MAX_BATCH_POINTS } from './gps-reporter.js';
import type { DownMessage } from './messages.js';

export interface CommandResult {
  ok: boolean;
  error?: string;
  /** What the command answers (e.g. `dvrIndex`'s segments), sent with the ack. */
  result?: Record<string, unknown>;
}

/** Carries out a down command; its result becomes the `ack`. */
export type CommandHandler = (message: DownMessage) => CommandResult | Promise<CommandResult>;

/** `down/credential`: keep the secret; the ack goes only once it is stored, since the key stops working after it. */
export function credentialCommand(uuid: string, store: CredentialStore): CommandHandler {
  return async ({ secret }) => {
    if (typeof secret !== 'string' || secret.length === 0) return { ok: false, error: 'secret must be a non-empty string' };
    await store.set(uuid, secret);
    return { ok: true };
  };
}

/** `down/config`: GPS interval 1000–60000 ms and batch 1–500 points; nothing changes if either is out of range. */
export function configCommand(apply: (settings: Partial<GpsSettings>) => void): CommandHandler {
  return ({ gpsIntervalMs, gpsBatch }) => {
    if (gpsIntervalMs === undefined && gpsBatch === undefined) return { ok: false, error: 'nothing to configure' };
    if (gpsIntervalMs !== undefined && !isIntegerIn(gpsIntervalMs, 1_000, 60_000))
      return { ok: false, error: 'gpsIntervalMs must be 1000–60000' };
    if (gpsBatch !== undefined && !isIntegerIn(gpsBatch, 1, MAX_BATCH_POINTS)) return { ok: false, error: 'gpsBatch must be 1–500' };
    apply({
      ...(gpsIntervalMs !== undefined ? { gpsIntervalMs } : {}),
      ...(gpsBatch !== undefined ? { gpsBatch } : {}),
    });
    return { ok: true };
  };
}

function isIntegerIn(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}
