import type { AckUp } from '@safety-shield/contract/device';
import type { CommandHandler, CommandResult } from './commands.js';
import { checkDown, type DownMessage, downKind, parseDown } from './messages.js';

export interface DispatchHooks {
  /** Every well-formed down message, before its command runs. */
  down(kind: string, message: DownMessage): void;
  /** Publishes the `ack`; resolves true once acknowledged. */
  ack(payload: AckUp): Promise<boolean>;
  problem(error: Error): void;
}

/**
 * The device's down commands (docs/device-protocol.md, Commands): each message on a down topic is parsed, checked
 * against its kind's schema, handed to that kind's handler, and answered with an `ack` of the handler's result.
 */
export class CommandDispatcher {
  private readonly commands = new Map<string, CommandHandler>();

  constructor(
    private readonly uuid: string,
    private readonly hooks: DispatchHooks,
  ) {}

  /**
   * Answers a down command kind (replacing any handler of that kind); unknown kinds are answered `ok: false`. A
   * protocol kind's handler gets only messages its schema accepts.
   */
  handle<K extends string>(kind: K, handler: CommandHandler<K>): void {
    this.commands.set(kind, handler as CommandHandler);
  }

  /** A message the broker delivered on `topic`; other topics than the device's down topics are ignored. */
  async receive(topic: string, payload: Buffer): Promise<void> {
    const kind = downKind(this.uuid, topic);
    if (!kind) return;
    const parsed = parseDown(payload);
    if (!parsed.ok) {
      this.problem(`${this.uuid}: malformed down/${kind}: ${parsed.error}`);
      if (parsed.id) await this.ack(parsed.id, { ok: false, error: parsed.error });
      return;
    }
    const { message } = parsed;
    // A protocol kind is checked against its schema (the contract's compiled validator) before its handler runs.
    const checked = checkDown(kind, message);
    if (!checked.ok) {
      this.problem(`${this.uuid}: ${checked.error}`);
      await this.ack(message.id, { ok: false, error: checked.error });
      return;
    }
    this.hooks.down(kind, message);
    const handler = this.commands.get(kind);
    let result: CommandResult;
    try {
      result = handler ? await handler(message) : { ok: false, error: `unsupported command ${kind}` };
    } catch (error) {
      result = { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
    await this.ack(message.id, result);
    result.afterAck?.();
  }

  private async ack(ref: string, result: CommandResult): Promise<void> {
    const sent = await this.hooks.ack({
      ref,
      ok: result.ok,
      ...(result.error ? { error: result.error } : {}),
      ...(result.result ? { result: result.result } : {}),
    });
    if (!sent) this.problem(`${this.uuid}: ack of ${ref} not delivered`);
  }

  private problem(text: string): void {
    this.hooks.problem(new Error(text));
  }
}
