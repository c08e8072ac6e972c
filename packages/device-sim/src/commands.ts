import type { CredentialStore } from './credentials.js';
import type { DownMessage } from './messages.js';

export interface CommandResult {
  ok: boolean;
  error?: string;
  /** What the command answers (e.g. `dvrIndex`'s segments), sent with the ack. */
  result?: Record<string, unknown>;
  /**
   * Runs once the ack is acknowledged (or given up): what the device does after answering, e.g. report the state the
   * command put in force (`lockState`) or start the work it took on (an `upgrade`'s download).
   */
  afterAck?: () => void;
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
