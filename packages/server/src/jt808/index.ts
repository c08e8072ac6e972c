import { createServer, type Server } from 'node:net';
import type { Packet } from '@safety-shield/contract/jt808';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { DROP_LOG_DEFAULTS, type DropCounts, DropLog } from '../device-port/drops.js';
import { CommandError, type DeviceAdapter, type DeviceIntake, type DevicePort } from '../device-port/index.js';
import { terminalCommand } from './commands.js';
import { SESSION_DEFAULTS, Session, type SessionLimits } from './session.js';
import { type RegistrationPolicy, Terminals } from './terminals.js';

export type { RegistrationPolicy } from './terminals.js';

/** How long a command waits for the terminal's answer when its sender names no time (as MQTT's). */
const COMMAND_TIMEOUT_MS = 30_000;

export interface Jt808Options {
  /** The terminals' identities and codes (the adapter's own rows); what terminals report goes to `intake`. */
  db: Db;
  log: FastifyBaseLogger;
  intake: DeviceIntake;
  devicePort: DevicePort;
  port: number;
  host?: string;
  policy: RegistrationPolicy;
  limits?: Partial<SessionLimits>;
}

/** The JT/T 808 adapter of the device port (docs/jt808.md). */
export interface Jt808Gateway {
  readonly port: number;
  readonly drops: DropCounts;
  /** Terminals connected and authenticated now. */
  readonly connected: number;
  /** Stops listening, ends the connections, writes what was acknowledged, detaches from the device port. */
  close(): Promise<void>;
}

/**
 * Starts the JT/T 808 listener: terminals register, authenticate and report over TCP; their messages become calls of
 * the device intake, in the protocol-neutral forms every adapter uses.
 */
export async function startJt808(options: Jt808Options): Promise<Jt808Gateway> {
  const { db, log, intake } = options;
  const terminals = new Terminals(db, options.policy);
  const inflight = new Set<Promise<unknown>>();
  const track = (work: Promise<unknown>) => {
    const guarded = work.catch((err: unknown) => log.error({ err }, 'jt808 work failed'));
    inflight.add(guarded);
    void guarded.finally(() => inflight.delete(guarded));
  };
  const sessions = new Set<Session>();
  const parts = {
    terminals,
    intake,
    log,
    drops: new DropLog(log, DROP_LOG_DEFAULTS),
    limits: { ...SESSION_DEFAULTS, ...options.limits },
    current: new Map<string, Session>(),
    known: new Set(await terminals.uuids()),
    alarms: new Map<string, number>(),
    faults: new Map<string, string>(),
    track,
  };

  const server: Server = createServer((socket) => {
    const session = new Session(socket, parts);
    sessions.add(session);
    socket.once('close', () => sessions.delete(session));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;

  const adapter: DeviceAdapter = {
    protocol: 'jt808',
    serves: (device) => parts.known.has(device),
    async send(device, kind, payload, timeoutMs = COMMAND_TIMEOUT_MS) {
      const command = terminalCommand(kind, payload);
      // A kind the terminal has no message for is refused, as a device refuses what it cannot do.
      if (typeof command === 'string') throw new CommandError(`${kind}: ${command}`, { ref: '', ok: false, error: command });
      const session = parts.current.get(device);
      // Not connected here: no answer, and the module tries again at the terminal's next hello.
      if (!session) throw new CommandError(`${device} is not connected: ${kind} not sent`);
      let reply: Packet;
      try {
        reply = await session.command(command.id, command.body, command.answer, timeoutMs);
      } catch (err) {
        throw new CommandError(`${kind} to ${device}: ${err instanceof Error ? err.message : String(err)}`);
      }
      const ack = command.ack(reply, String(reply.header.serial));
      if (!ack.ok) throw new CommandError(`${device} refused ${kind}: ${ack.error}`, ack);
      return ack;
    },
    disconnect(device) {
      for (const [uuid, session] of parts.current) {
        if (uuid === device || session.device?.deviceId === device) session.close();
      }
    },
  };
  const detach = options.devicePort.attach(adapter);
  log.info({ port, policy: options.policy }, 'jt808 gateway started');

  let closing: Promise<void> | undefined;
  return {
    port,
    get drops() {
      return parts.drops.snapshot;
    },
    get connected() {
      return parts.current.size;
    },
    close() {
      closing ??= (async () => {
        const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
        for (const session of sessions) session.close();
        await stopped;
        while (inflight.size > 0) await Promise.allSettled([...inflight]);
        detach();
        log.info('jt808 gateway stopped');
      })();
      return closing;
    },
  };
}
