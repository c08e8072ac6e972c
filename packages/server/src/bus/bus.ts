import { EventEmitter } from 'node:events';
import type { Position, SosEntry, TaskCounts, TaskState } from '@safety-shield/contract';

/** What devices did, as the console's WebSocket pushes it. */
export interface BusMessages {
  position: { vehicleId: number; deviceId: number; position: Position };
  presence: { vehicleId: number | null; deviceId: number; online: boolean; time: number };
  /** A new incident, with the chain it belongs to so each console sees only its own. */
  incident: {
    incidentId: number;
    type: string;
    /** Epoch milliseconds: when it happened. */
    triggerAt: number;
    vehicleId: number | null;
    agentId: number | null;
    companyId: number | null;
    fleetId: number | null;
  };
  /** An evidence resource moved to another upload state (SPEC section 3), with the incident's chain. */
  upload: {
    incidentId: number;
    resourceId: number;
    state: number;
    taskId?: number;
    agentId: number | null;
    companyId: number | null;
    fleetId: number | null;
  };
  /** An S.O.S started, stopped (released by the device) or closed (by an operator), with its chain: an alarm for every console in scope. */
  sos: {
    state: 'started' | 'stopped' | 'closed';
    sos: SosEntry;
    agentId: number | null;
    companyId: number | null;
    fleetId: number | null;
  };
  /**
   * Cached principals every node drops at once: one token's (a logout) or, with null, all (a password, role or
   * account state changed, an organisation was forbidden). The next request reads the database again.
   */
  sessions: { tokenHash: string | null };
  /** Running-status alerts of a device changed (docs/device-protocol.md, `health`), with the device's chain. */
  deviceAlert: {
    change: 'raised' | 'cleared' | 'handled';
    deviceId: number;
    agentId: number | null;
    companyId: number | null;
    fleetId: number | null;
  };
  /** A device task's rows moved (`/devicepage/taskManager`), with the chain of the task. */
  deviceTask: {
    taskId: number;
    state: TaskState;
    counts: TaskCounts;
    agentId: number | null;
    companyId: number | null;
    fleetId: number | null;
  };
  /**
   * A command for a JT/T 808 terminal whose connection another node may hold (docs/jt808.md, "Several nodes"): the
   * node holding it carries it out and answers with `jt808Answer` to the node `from`.
   */
  jt808Command: { requestId: string; from: string; device: string; kind: string; payload: unknown; timeoutMs: number };
  /**
   * The answer to a `jt808Command`: the terminal's ack (the device port's CommandAck, spelt out: the bus is below the
   * device port), or why there is none (`error`, with the refusal's ack if any).
   */
  jt808Answer: {
    requestId: string;
    to: string;
    ack: { ref: string; ok: boolean; error: string | null; result?: Record<string, unknown> } | null;
    error: string | null;
  };
  /** A terminal registered on some node: every node's JT/T 808 adapter serves it from now on. */
  jt808Known: { uuid: string };
}

/** Every kind of event, listed once: a kind missing here fails the type check, so no bus can leave one behind. */
const KINDS: { [K in keyof BusMessages]: true } = {
  position: true,
  presence: true,
  incident: true,
  upload: true,
  sos: true,
  sessions: true,
  deviceAlert: true,
  deviceTask: true,
  jt808Command: true,
  jt808Answer: true,
  jt808Known: true,
};
export const BUS_KINDS = Object.keys(KINDS) as (keyof BusMessages)[];

/**
 * Messages between the modules (what devices did, once committed) and the console's WebSocket. In one process an EventEmitter carries them;
 * with several portal nodes a Redis pub/sub bus with the same interface fans them out (ARCHITECTURE section 1).
 */
export interface Bus {
  publish<K extends keyof BusMessages>(kind: K, message: BusMessages[K]): void;
  subscribe<K extends keyof BusMessages>(kind: K, listener: (message: BusMessages[K]) => void): () => void;
}

export function localBus(): Bus {
  const emitter = new EventEmitter();
  // Every console tab adds listeners; their number is bounded by the connections, not by a leak.
  emitter.setMaxListeners(0);
  return {
    publish: (kind, event) => emitter.emit(kind, event),
    subscribe(kind, listener) {
      emitter.on(kind, listener);
      return () => emitter.off(kind, listener);
    },
  };
}
