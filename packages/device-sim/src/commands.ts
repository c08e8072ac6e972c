import { configProblem } from '@safety-shield/contract/device';
import type { CredentialStore } from './credentials.js';
import type { GpsSettings } from './gps-reporter.js';
import type { DownMessage } from './messages.js';

export interface CommandResult {
  ok: boolean;
  error?: string;
  /** What the command answers (e.g. `dvrIndex`'s segments), sent with the ack. */
  result?: Record<string, unknown>;
}

/**
 * Carries out a down command; its result becomes the `ack`. A handler of a protocol kind gets a message its schema
 * accepted (the device checks it first); one of another kind gets the message as it came.
 */
export type CommandHandler<K extends string = string> = (message: DownMessage<K>) => CommandResult | Promise<CommandResult>;

/** `down/credential`: keep the secret; the ack goes only once it is stored, since the key stops working after it. */
export function credentialCommand(uuid: string, store: CredentialStore): CommandHandler<'credential'> {
  return async ({ secret }) => {
    await store.set(uuid, secret);
    return { ok: true };
  };
}

/** `down/config`: GPS interval 1000–60000 ms and batch 1–500 points (the schema); at least one of them. */
export function configCommand(apply: (settings: Partial<GpsSettings>) => void): CommandHandler<'config'> {
  return (message) => {
    const problem = configProblem(message);
    if (problem) return { ok: false, error: problem };
    const { gpsIntervalMs, gpsBatch } = message;
    apply({
      ...(gpsIntervalMs !== undefined ? { gpsIntervalMs } : {}),
      ...(gpsBatch !== undefined ? { gpsBatch } : {}),
    });
    return { ok: true };
  };
}
