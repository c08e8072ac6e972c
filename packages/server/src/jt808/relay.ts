/**
 * Commands between portal nodes (docs/jt808.md, "Several nodes"): a terminal's TCP connection is held by one node,
 * while the console's request that commands it may land on any. A node without the connection relays the command
 * over the bus; the node holding it carries it out and relays the answer back. With one node nothing is relayed.
 */
import { randomUUID } from 'node:crypto';
import type { DownKind, DownPayload } from '@safety-shield/contract/device';
import type { Bus } from '../bus/bus.js';
import { type CommandAck, CommandError } from '../device-port/index.js';

/** How long past the command's own time the asking node waits for the relayed answer (the bus's round trip). */
const RELAY_MARGIN_MS = 2_000;

/** Carries out a command here; undefined when this node does not hold the terminal's connection. */
export type LocalCommand = (device: string, kind: DownKind, payload: unknown, timeoutMs: number) => Promise<CommandAck> | undefined;

export class CommandRelay {
  /** This adapter's name on the bus: answers come back to it. */
  private readonly node = randomUUID();
  private readonly waiting = new Map<string, (answer: { ack: CommandAck | null; error: string | null }) => void>();
  private readonly stops: Array<() => void>;

  constructor(
    private readonly bus: Bus,
    here: LocalCommand,
    /** A terminal registered on another node. */
    known: (uuid: string) => void,
  ) {
    this.stops = [
      bus.subscribe('jt808Command', ({ requestId, from, device, kind, payload, timeoutMs }) => {
        if (from === this.node) return;
        const run = here(device, kind as DownKind, payload, timeoutMs);
        if (!run) return;
        void run.then(
          (ack) => bus.publish('jt808Answer', { requestId, to: from, ack, error: null }),
          (err: unknown) =>
            bus.publish('jt808Answer', {
              requestId,
              to: from,
              ack: err instanceof CommandError ? (err.ack ?? null) : null,
              error: err instanceof Error ? err.message : String(err),
            }),
        );
      }),
      bus.subscribe('jt808Answer', ({ requestId, to, ack, error }) => {
        if (to === this.node) this.waiting.get(requestId)?.({ ack, error });
      }),
      bus.subscribe('jt808Known', ({ uuid }) => known(uuid)),
    ];
  }

  /** Tells the other nodes a terminal registered here. */
  announce(uuid: string): void {
    this.bus.publish('jt808Known', { uuid });
  }

  /** The command, carried out by whichever node holds the terminal; unanswered when none does within its time. */
  send<K extends DownKind>(device: string, kind: K, payload: DownPayload<K>, timeoutMs: number): Promise<CommandAck> {
    const requestId = randomUUID();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => settle({ ack: null, error: 'no node holds its connection' }), timeoutMs + RELAY_MARGIN_MS);
      const settle = ({ ack, error }: { ack: CommandAck | null; error: string | null }) => {
        clearTimeout(timer);
        this.waiting.delete(requestId);
        if (error === null && ack) resolve(ack);
        else reject(new CommandError(`${kind} to ${device} (relayed): ${error ?? 'no answer'}`, ack ?? undefined));
      };
      this.waiting.set(requestId, settle);
      this.bus.publish('jt808Command', { requestId, from: this.node, device, kind, payload, timeoutMs });
    });
  }

  close(): void {
    for (const stop of this.stops) stop();
    for (const settle of [...this.waiting.values()]) settle({ ack: null, error: 'the adapter stopped' });
  }
}
