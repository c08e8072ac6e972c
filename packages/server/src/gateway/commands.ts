import { randomUUID } from 'node:crypto';
import type { DownKind, DownPayload } from '@safety-shield/contract/device';
import { type CommandAck as Ack, CommandError } from '../device-port/index.js';
import { downTopic } from './topics.js';

/** Publishes a down message with QoS 1 through whichever broker the gateway uses. */
export type Publish = (topic: string, payload: Buffer) => Promise<void>;

export interface SendOptions {
  timeoutMs?: number;
  /** Runs on a positive ack before the ack message itself is acknowledged (e.g. storing a credential). */
  onAck?: (ack: Ack) => Promise<void>;
}

interface Waiting {
  uuid: string;
  resolve(ack: Ack): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
  onAck?: (ack: Ack) => Promise<void>;
}

/**
 * Down commands and their acknowledgements over MQTT (docs/device-protocol.md, "Down"): every command is answered by an
 * `ack` whose `ref` is the command's message id.
 */
export class Commands {
  private readonly waiting = new Map<string, Waiting>();

  constructor(
    private readonly publish: Publish,
    private readonly defaultTimeoutMs = 30_000,
  ) {}

  /** Publishes a command with its contract payload and resolves with the device's ack. */
  send<K extends DownKind>(uuid: string, kind: K, payload: DownPayload<K>, options: SendOptions = {}): Promise<Ack> {
    const id = randomUUID();
    // The envelope comes last so a payload cannot overwrite the id its ack must carry.
    const message = Buffer.from(JSON.stringify({ ...payload, v: 1, id, at: Date.now() }));
    return new Promise<Ack>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(id);
        reject(new CommandError(`device ${uuid} did not acknowledge ${kind} in time`));
      }, options.timeoutMs ?? this.defaultTimeoutMs);
      this.waiting.set(id, { uuid, resolve, reject, timer, onAck: options.onAck });
      this.publish(downTopic(uuid, kind), message).catch((err: unknown) => {
        clearTimeout(timer);
        this.waiting.delete(id);
        reject(err instanceof Error ? err : new Error(String(err)));
      });
    });
  }

  /** An `ack` from a device: settles its command (unknown refs, e.g. from before a restart, are ignored). */
  async settle(uuid: string, ack: Ack): Promise<void> {
    const entry = this.waiting.get(ack.ref);
    if (!entry || entry.uuid !== uuid) return;
    // If onAck fails the entry stays, so the device's resent ack can complete it.
    if (ack.ok && entry.onAck) await entry.onAck(ack);
    this.waiting.delete(ack.ref);
    clearTimeout(entry.timer);
    if (ack.ok) entry.resolve(ack);
    else entry.reject(new CommandError(`device ${uuid} refused: ${ack.error ?? 'no reason given'}`, ack));
  }

  rejectAll(reason: string) {
    for (const [id, entry] of this.waiting) {
      clearTimeout(entry.timer);
      entry.reject(new CommandError(reason));
      this.waiting.delete(id);
    }
  }
}
