import type { DownKind, DownPayload } from '@safety-shield/contract/device';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { device } from '../db/schema.js';
import { joinOwners, ownerForbidden, ownerStates } from './owners.js';

/** A device's acknowledgement of a command. */
export interface CommandAck {
  /** The id of the command it answers. */
  ref: string;
  ok: boolean;
  error: string | null;
  /** What the command answers (e.g. `dvrIndex`'s segments); absent for most commands. */
  result?: Record<string, unknown>;
}

/**
 * A command the device refused (`ack` set, `ok: false`), or one that got no answer: it timed out, the device's adapter
 * closed, or no adapter serves the device (`ack` undefined: the caller tries again later, e.g. at the device's hello).
 */
export class CommandError extends Error {
  constructor(
    message: string,
    readonly ack?: CommandAck,
  ) {
    super(message);
    this.name = 'CommandError';
  }
}

/**
 * What the portal can tell a device (docs/architecture.md, "The device port"): the contract's down kinds
 * (`@safety-shield/contract/device`), whatever protocol the device speaks. The modules get it when they are built.
 */
export interface DeviceCommands {
  /** Sends a command and resolves with the device's ack; rejects (CommandError) on a refusal, no answer within `timeoutMs`, or no adapter. */
  send<K extends DownKind>(device: string, kind: K, payload: DownPayload<K>, timeoutMs?: number): Promise<CommandAck>;
  /** Whether an adapter serves the device, online or not: without one a command is not worth preparing. */
  reaches(device: string): boolean;
  /** Resolves once the first adapter is attached (start-up): commands from before it reach no device. */
  readonly ready: Promise<void>;
  /**
   * The console changed a device. A device that was deleted, or whose company or agent is forbidden, is disconnected
   * and must authenticate again; any other change needs nothing (every report reads the device's binding afresh).
   * Never rejects.
   */
  forget(device: string | number): Promise<void>;
}

/** One protocol's side of the port (the MQTT gateway now; JT/T 808 later): it serves some devices. */
export interface DeviceAdapter {
  /** For log lines: `mqtt`, `jt808`. */
  readonly protocol: string;
  /** Whether this adapter is the way to the device. */
  serves(device: string): boolean;
  /** It answers `serves` for any device (MQTT: a broker session holds commands for a device that is away): asked last. */
  readonly catchAll?: boolean;
  send<K extends DownKind>(device: string, kind: K, payload: DownPayload<K>, timeoutMs?: number): Promise<CommandAck>;
  /** Closes the device's connection (by uuid or device id) if this adapter holds one. */
  disconnect(device: string | number): void;
}

/**
 * The port's router: built before the modules (main.ts, the test fixtures), which it serves as DeviceCommands; each
 * adapter attaches itself when it starts and detaches when it stops. A command goes to the first adapter that serves
 * its device; with none it fails as a device that does not answer does.
 */
export class DevicePort implements DeviceCommands {
  private readonly adapters: DeviceAdapter[] = [];
  private attached: () => void = () => {};
  readonly ready = new Promise<void>((resolve) => {
    this.attached = resolve;
  });

  constructor(private readonly db: Db) {}

  /** Adds an adapter (a catch-all one after the others, whatever the order they start in); answers the function that removes it again. */
  attach(adapter: DeviceAdapter): () => void {
    const firstCatchAll = this.adapters.findIndex((other) => other.catchAll);
    if (adapter.catchAll || firstCatchAll < 0) this.adapters.push(adapter);
    else this.adapters.splice(firstCatchAll, 0, adapter);
    this.attached();
    return () => {
      const index = this.adapters.indexOf(adapter);
      if (index >= 0) this.adapters.splice(index, 1);
    };
  }

  reaches(device: string): boolean {
    return this.adapters.some((adapter) => adapter.serves(device));
  }

  send<K extends DownKind>(device: string, kind: K, payload: DownPayload<K>, timeoutMs?: number): Promise<CommandAck> {
    const adapter = this.adapters.find((candidate) => candidate.serves(device));
    if (!adapter) return Promise.reject(new CommandError(`no device adapter serves ${device}: ${kind} not sent`));
    return adapter.send(device, kind, payload, timeoutMs);
  }

  async forget(target: string | number): Promise<void> {
    if (this.adapters.length === 0) return;
    // A look-up that fails disconnects: the device's next connection is judged afresh.
    const [row] = await joinOwners(
      this.db
        .select({ uuid: device.deviceUuid, ...ownerStates })
        .from(device)
        .$dynamic(),
    )
      .where(typeof target === 'number' ? eq(device.id, target) : eq(device.deviceUuid, target))
      .catch(() => []);
    if (row && !ownerForbidden(row)) return;
    for (const adapter of this.adapters) adapter.disconnect(row?.uuid ?? target);
  }
}
