import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DownPayload } from '@safety-shield/contract/device';
import type { Packet } from '@safety-shield/contract/jt808';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { DROP_LOG_DEFAULTS, type DropCounts, DropLog } from '../device-port/drops.js';
import { CommandError, type DeviceAdapter, type DeviceIntake, type DevicePort } from '../device-port/index.js';
import { AttachmentRequests } from './attachment-requests.js';
import { AttachmentSession } from './attachments.js';
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
  /** The active-safety attachment listener's port (0: any free one). */
  attachmentPort: number;
  /**
   * Where terminals reach the attachment listener, `host` or `host:port` (behind a load balancer or NAT); absent, the
   * address the terminal's own connection reached and the listener's port.
   */
  attachmentAddress?: string;
  policy: RegistrationPolicy;
  limits?: Partial<SessionLimits>;
}

/** The JT/T 808 adapter of the device port (docs/jt808.md). */
export interface Jt808Gateway {
  readonly port: number;
  readonly attachmentPort: number;
  readonly drops: DropCounts;
  /** Terminals connected and authenticated now. */
  readonly connected: number;
  /** Stops listening, ends the connections, writes what was acknowledged, detaches from the device port. */
  close(): Promise<void>;
}

/** A TCP listener whose connections `session` takes (each kept until it closes, so close() can end them). */
async function listen(
  session: (socket: Socket) => Session | AttachmentSession,
  sessions: Set<Session | AttachmentSession>,
  port: number,
  host: string | undefined,
) {
  const server: Server = createServer((socket) => {
    const taken = session(socket);
    sessions.add(taken);
    socket.once('close', () => sessions.delete(taken));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  return { server, port: typeof address === 'object' && address ? address.port : port };
}

/** Where a terminal is told to send its attachments (0x9208): the configured address, else the one it reached. */
export function attachmentAddress(socket: Socket, configured: string | undefined, port: number): { host: string; port: number } {
  if (configured) {
    const match = /^(.*?)(?::(\d{1,5}))?$/.exec(configured.trim());
    return { host: match?.[1] || configured, port: match?.[2] ? Number(match[2]) : port };
  }
  return { host: (socket.localAddress ?? '127.0.0.1').replace(/^::ffff:/, ''), port };
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
  const sessions = new Set<Session | AttachmentSession>();
  const requests = new AttachmentRequests(db);
  const drops = new DropLog(log, DROP_LOG_DEFAULTS);
  const limits = { ...SESSION_DEFAULTS, ...options.limits };
  // Files on their way are written here until they are whole.
  const folder = await mkdtemp(join(tmpdir(), 'safety-shield-jt808-'));
  const attachmentServer = await listen(
    (socket) => new AttachmentSession(socket, { requests, intake, log, drops, folder, idleMs: limits.idleMs, track }),
    sessions,
    options.attachmentPort,
    options.host,
  );
  const parts = {
    terminals,
    intake,
    log,
    drops,
    limits,
    attachments: { requests, address: (socket: Socket) => attachmentAddress(socket, options.attachmentAddress, attachmentServer.port) },
    current: new Map<string, Session>(),
    known: new Set(await terminals.uuids()),
    alarms: new Map<string, number>(),
    upgrades: new Map<string, { upgradeId: number; version: string }>(),
    faults: new Map<string, string>(),
    track,
  };

  const { server, port } = await listen((socket) => new Session(socket, parts), sessions, options.port, options.host);

  const adapter: DeviceAdapter = {
    protocol: 'jt808',
    serves: (device) => parts.known.has(device),
    async send(device, kind, payload, timeoutMs = COMMAND_TIMEOUT_MS) {
      const session = parts.current.get(device);
      // An upgrade is the session's own work (a download and many messages, upgrades.ts): taken or refused at once.
      if (kind === 'upgrade' || kind === 'upgradeCancel') {
        if (!session) throw new CommandError(`${device} is not connected: ${kind} not sent`);
        const ack =
          kind === 'upgrade'
            ? session.upgrade(payload as DownPayload<'upgrade'>, `upgrade-${(payload as DownPayload<'upgrade'>).upgradeId}`)
            : session.cancelUpgrade((payload as DownPayload<'upgradeCancel'>).upgradeId, 'upgradeCancel');
        if (!ack.ok) throw new CommandError(`${device} refused ${kind}: ${ack.error}`, ack);
        return ack;
      }
      const command = terminalCommand(kind, payload, {
        configVersion: session?.device?.configVersion ?? 0,
        edition: session?.device?.edition ?? 2013,
      });
      // A kind the terminal has no message for is refused, as a device refuses what it cannot do.
      if (typeof command === 'string') throw new CommandError(`${kind}: ${command}`, { ref: '', ok: false, error: command });
      // Not connected here: no answer, and the module tries again at the terminal's next hello.
      if (!session?.device) throw new CommandError(`${device} is not connected: ${kind} not sent`);
      const terminal = session.device;
      let reply: Packet;
      try {
        reply = await session.command(command.id, command.body, command.answer, timeoutMs);
      } catch (err) {
        throw new CommandError(`${kind} to ${device}: ${err instanceof Error ? err.message : String(err)}`);
      }
      const ack = command.ack(reply, String(reply.header.serial));
      if (!ack.ok) throw new CommandError(`${device} refused ${kind}: ${ack.error}`, ack);
      if (kind === 'config') await terminals.configApplied(terminal, (payload as DownPayload<'config'>).version);
      return ack;
    },
    disconnect(device) {
      for (const [uuid, session] of parts.current) {
        if (uuid === device || session.device?.deviceId === device) session.close();
      }
    },
  };
  const detach = options.devicePort.attach(adapter);
  log.info({ port, attachmentPort: attachmentServer.port, policy: options.policy }, 'jt808 gateway started');

  let closing: Promise<void> | undefined;
  return {
    port,
    attachmentPort: attachmentServer.port,
    get drops() {
      return parts.drops.snapshot;
    },
    get connected() {
      return parts.current.size;
    },
    close() {
      closing ??= (async () => {
        const stopped = [server, attachmentServer.server].map((s) => new Promise<void>((resolve) => s.close(() => resolve())));
        for (const session of sessions) session.close();
        await Promise.all(stopped);
        while (inflight.size > 0) await Promise.allSettled([...inflight]);
        await rm(folder, { recursive: true, force: true });
        detach();
        log.info('jt808 gateway stopped');
      })();
      return closing;
    },
  };
}
