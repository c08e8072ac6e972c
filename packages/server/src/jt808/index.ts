import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DownKind, DownPayload } from '@safety-shield/contract/device';
import type { Packet } from '@safety-shield/contract/jt808';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../bus/bus.js';
import type { Db } from '../db/client.js';
import { device } from '../db/schema.js';
import { DROP_LOG_DEFAULTS, type DropCounts, DropLog } from '../device-port/drops.js';
import { type CommandAck, CommandError, type DeviceAdapter, type DeviceIntake, type DevicePort } from '../device-port/index.js';
import { AttachmentRequests } from './attachment-requests.js';
import { AttachmentSession } from './attachments.js';
import { terminalCommand } from './commands.js';
import { CommandRelay } from './relay.js';
import { SESSION_DEFAULTS, Session, type SessionLimits } from './session.js';
import { type AuthenticatedTerminal, type RegistrationPolicy, Terminals } from './terminals.js';

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
  /** The bus between the portal's nodes: commands for a terminal another node holds go through it (relay.ts). */
  bus?: Bus;
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

/** Why a kind has no JT/T 808 form; undefined when it has one. */
function unsupported<K extends DownKind>(kind: K, payload: DownPayload<K>): string | undefined {
  const command = terminalCommand(kind, payload, { configVersion: 0, edition: 2013 });
  return typeof command === 'string' ? command : undefined;
}

/** A command to a terminal connected to this node, resolved with its ack (docs/jt808.md, "Commands"). */
async function commandHere<K extends DownKind>(
  session: Session,
  terminal: AuthenticatedTerminal,
  kind: K,
  payload: DownPayload<K>,
  timeoutMs: number,
): Promise<CommandAck> {
  const device = terminal.uuid;
  // An upgrade is the session's own work (a download and many messages, upgrades.ts): taken or refused at once.
  if (kind === 'upgrade' || kind === 'upgradeCancel') {
    const ack =
      kind === 'upgrade'
        ? session.upgrade(payload as DownPayload<'upgrade'>, `upgrade-${(payload as DownPayload<'upgrade'>).upgradeId}`)
        : session.cancelUpgrade((payload as DownPayload<'upgradeCancel'>).upgradeId, 'upgradeCancel');
    if (!ack.ok) throw new CommandError(`${device} refused ${kind}: ${ack.error}`, ack);
    return ack;
  }
  const command = terminalCommand(kind, payload, terminal);
  if (typeof command === 'string') throw new CommandError(`${kind}: ${command}`, { ref: '', ok: false, error: command });
  let reply: Packet;
  try {
    reply = await session.command(command.id, command.body, command.answer, timeoutMs);
  } catch (err) {
    throw new CommandError(`${kind} to ${device}: ${err instanceof Error ? err.message : String(err)}`);
  }
  const ack = command.ack(reply, String(reply.header.serial));
  if (!ack.ok) throw new CommandError(`${device} refused ${kind}: ${ack.error}`, ack);
  if (kind === 'config') await session.configApplied((payload as DownPayload<'config'>).version);
  return ack;
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
    /** A terminal registered here: this node serves it, and so do the others once told. */
    announce: (uuid: string) => {
      parts.known.add(uuid);
      relay?.announce(uuid);
    },
    alarms: new Map<string, number>(),
    upgrades: new Map<string, { upgradeId: number; version: string }>(),
    faults: new Map<string, string>(),
    track,
  };

  const { server, port } = await listen((socket) => new Session(socket, parts), sessions, options.port, options.host);
  const relay = options.bus
    ? new CommandRelay(
        options.bus,
        (device, kind, payload, timeoutMs) => {
          const session = parts.current.get(device);
          return session?.device ? commandHere(session, session.device, kind, payload as never, timeoutMs) : undefined;
        },
        (uuid) => parts.known.add(uuid),
      )
    : undefined;
  /** Whether a terminal not connected here is online through another node. */
  const onlineElsewhere = async (uuid: string) =>
    (await db.select({ online: device.online }).from(device).where(eq(device.deviceUuid, uuid)))[0]?.online === true;

  const adapter: DeviceAdapter = {
    protocol: 'jt808',
    serves: (device) => parts.known.has(device),
    async send(device, kind, payload, timeoutMs = COMMAND_TIMEOUT_MS) {
      const session = parts.current.get(device);
      if (session?.device) return commandHere(session, session.device, kind, payload, timeoutMs);
      // A kind the terminal has no message for is refused, as a device refuses what it cannot do, wherever it is.
      const refused = kind === 'upgrade' || kind === 'upgradeCancel' ? undefined : unsupported(kind, payload);
      if (refused) throw new CommandError(`${kind}: ${refused}`, { ref: '', ok: false, error: refused });
      // Online through another node: that node carries it out. Else no answer: the module tries again at the next hello.
      if (relay && (await onlineElsewhere(device))) return relay.send(device, kind, payload, timeoutMs);
      throw new CommandError(`${device} is not connected: ${kind} not sent`);
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
        relay?.close();
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
