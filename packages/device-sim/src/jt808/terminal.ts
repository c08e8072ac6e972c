/**
 * A JT/T 808 terminal over TCP, as a market dashcam speaks to the portal (docs/jt808.md): it registers, authenticates,
 * sends heartbeats, locations and batches, and waits for the platform's replies. The simulator's JT/T mode drives it;
 * tests use it (and `sendRaw`) to talk to the gateway as a real terminal would.
 */
import { connect, type Socket } from 'node:net';
import {
  FrameSplitter,
  type GeneralReply,
  ID,
  type Jt808Version,
  type Location,
  MAX_PACKAGES,
  type Packet,
  type Parameter,
  REPLY_RESULT,
  Reassembly,
  type Registration,
  readDriverText,
  readGeneralReply,
  readPacket,
  readRegistrationReply,
  readResendRequest,
  readSetParameters,
  writeAuthentication,
  writeFrames,
  writeGeneralReply,
  writeLocation,
  writeLocationBatch,
  writeParameterReply,
  writeRegistration,
} from '@safety-shield/contract/jt808';

export interface TerminalOptions {
  host: string;
  port: number;
  /** The terminal number (its SIM's phone number), digits. */
  terminal: string;
  /** 2019 sends the long header; 2011 and 2013 the short one (they differ in the registration body). */
  version: Jt808Version;
  /** How long a message waits for the platform's reply (default 10 s). */
  replyTimeoutMs?: number;
}

/** A registration (0x0100) as a simulated dashcam sends it: maker SIMCO, model DC-808, the vehicle's plate. */
export const simRegistration = (plate: string, edition: Jt808Version = 2013): Registration => ({
  edition,
  province: 0,
  city: 0,
  maker: 'SIMCO',
  model: 'DC-808',
  terminalId: 'T000001',
  plateColour: 1,
  plate,
});

/** A message from the platform the terminal does not answer by itself: the simulator's features take them. */
export type PlatformMessage = Packet;

export class Jt808Terminal {
  private socket: Socket | undefined;
  private readonly splitter = new FrameSplitter(64 * 1024);
  /** The platform's long messages (a firmware package in 0x8108) come in sub-packages, each answered, joined here. */
  private readonly joiner = new Reassembly({ maxMessages: 2, maxPackages: MAX_PACKAGES, timeoutMs: 60_000 });
  private serial = 0;
  private readonly waiting = new Map<
    string,
    { resolve: (packet: Packet) => void; reject: (error: Error) => void; timer: NodeJS.Timeout }
  >();
  /** Bodies sent in sub-packages, by first serial, for a resend request (0x8003). */
  private readonly sent = new Map<number, { id: number; body: Uint8Array }>();
  /** The texts the platform showed the driver (0x8300), oldest first. */
  readonly texts: { text: string; flags: number }[] = [];
  /** The parameters the platform set (0x8103), by id: what the terminal runs. */
  readonly parameters = new Map<number, Parameter['value']>();
  /** Platform messages other than replies, in order. */
  readonly received: PlatformMessage[] = [];
  /** Who waits for the next platform message of an id (`next`). */
  private watchers: { id: number; take: (packet: Packet) => void }[] = [];
  /** What the simulator does on a platform message the terminal does not answer by itself (`on`). */
  private readonly handlers = new Map<number, (packet: Packet) => void>();
  private closedResolve: (() => void) | undefined;
  /** Resolves when the platform closes the connection. */
  closed: Promise<void> = Promise.resolve();

  constructor(readonly options: TerminalOptions) {}

  connect(): Promise<void> {
    return new Promise((resolve, reject) => {
      const socket = connect(this.options.port, this.options.host, () => {
        socket.off('error', reject);
        resolve();
      });
      socket.once('error', reject);
      socket.on('error', () => {});
      socket.on('data', (chunk) => this.read(chunk));
      this.closed = new Promise((done) => {
        this.closedResolve = done;
      });
      socket.on('close', () => {
        // A message still waiting will not be answered on this connection: its sender learns so now (and sends it again).
        for (const { timer, reject } of this.waiting.values()) {
          clearTimeout(timer);
          reject(new Error('connection closed'));
        }
        this.waiting.clear();
        this.closedResolve?.();
      });
      this.socket = socket;
    });
  }

  get connected(): boolean {
    return Boolean(this.socket && !this.socket.destroyed);
  }

  /** 0x0100: the authentication code, or the registration's result code when it is refused. */
  async register(registration: Registration): Promise<{ result: number; code: string | null }> {
    const reply = await this.request(ID.register, writeRegistration(registration), ID.registerReply);
    const { result, code } = readRegistrationReply(reply.body);
    return { result, code };
  }

  /** 0x0102: the platform's result (0 accepted). */
  async authenticate(code: string, imei = '860000000000000', software = 'SIM-1.0.0'): Promise<number> {
    const body = writeAuthentication({ code, imei, software }, this.options.version === 2019);
    return (await this.generalRequest(ID.authenticate, body)).result;
  }

  heartbeat(): Promise<GeneralReply> {
    return this.generalRequest(ID.heartbeat, new Uint8Array(0));
  }

  location(location: Location): Promise<GeneralReply> {
    return this.generalRequest(ID.location, writeLocation(location));
  }

  batch(locations: Location[], backlog = true): Promise<GeneralReply> {
    return this.generalRequest(ID.locationBatch, writeLocationBatch({ backlog, locations }));
  }

  logout(): Promise<GeneralReply> {
    return this.generalRequest(ID.logout, new Uint8Array(0));
  }

  /** Any message, answered by 0x8001. */
  generalRequest(id: number, body: Uint8Array): Promise<GeneralReply> {
    return this.request(id, body, ID.platformReply).then((reply) => readGeneralReply(reply.body));
  }

  /** Bytes as they are, for tests of malformed input. */
  sendRaw(bytes: Uint8Array): void {
    this.socket?.write(bytes);
  }

  /** Sends a message and resolves with the platform's answer to it (`answer`: its id). */
  private request(id: number, body: Uint8Array, answer: number): Promise<Packet> {
    if (!this.connected) return Promise.reject(new Error('not connected'));
    const serial = this.send(id, body);
    const key = `${answer}:${serial}`;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(key);
        reject(new Error(`no reply to 0x${id.toString(16)} (serial ${serial})`));
      }, this.options.replyTimeoutMs ?? 10_000);
      this.waiting.set(key, { resolve, reject, timer });
    });
  }

  /** Sends a message (in sub-packages when long); answers its (first) serial. */
  send(id: number, body: Uint8Array): number {
    const serial = this.serial;
    const frames = writeFrames({ id, terminal: this.options.terminal, serial, version: this.options.version, body });
    this.serial = (this.serial + frames.length) & 0xffff;
    if (frames.length > 1) this.sent.set(serial, { id, body });
    for (const frame of frames) this.socket?.write(frame);
    return serial;
  }

  private read(chunk: Buffer): void {
    for (const sent of this.splitter.push(chunk)) {
      let packet = readPacket(sent);
      if (typeof packet === 'string') continue;
      if (packet.header.packets) {
        const { id, serial } = packet.header;
        this.send(ID.terminalReply, writeGeneralReply({ serial, id, result: REPLY_RESULT.ok }));
        const whole = this.joiner.add(packet, Date.now());
        if (whole.kind !== 'whole') continue;
        packet = { header: { ...packet.header, serial: whole.firstSerial, packets: null }, body: whole.body };
      }
      const { id } = packet.header;
      // Replies name the serial they answer in their body's first word.
      if ((id === ID.platformReply || id === ID.registerReply) && packet.body.length >= 2) {
        const serial = ((packet.body[0] as number) << 8) | (packet.body[1] as number);
        const key = `${id}:${serial}`;
        const waiter = this.waiting.get(key);
        if (waiter) {
          clearTimeout(waiter.timer);
          this.waiting.delete(key);
          waiter.resolve(packet);
          continue;
        }
      }
      if (id === ID.resend) {
        const request = readResendRequest(packet.body, this.options.version === 2019);
        const original = this.sent.get(request.serial);
        if (original) {
          const frames = writeFrames({
            ...original,
            terminal: this.options.terminal,
            serial: request.serial,
            version: this.options.version,
          });
          for (const index of request.indexes) {
            const frame = frames[index - 1];
            if (frame) this.socket?.write(frame);
          }
        }
      }
      this.obey(packet);
      this.received.push(packet);
      const watching = this.watchers.filter((w) => w.id === id);
      this.watchers = this.watchers.filter((w) => w.id !== id);
      for (const watcher of watching) watcher.take(packet);
      this.handlers.get(id)?.(packet);
    }
  }

  /** The next platform message of this id (0x9212, which names no serial); rejects after `timeoutMs`. */
  next(id: number, timeoutMs = this.options.replyTimeoutMs ?? 10_000): Promise<Packet> {
    return new Promise((resolve, reject) => {
      const watcher = {
        id,
        take: (packet: Packet) => {
          clearTimeout(timer);
          resolve(packet);
        },
      };
      const timer = setTimeout(() => {
        this.watchers = this.watchers.filter((w) => w !== watcher);
        reject(new Error(`no 0x${id.toString(16)} within ${timeoutMs} ms`));
      }, timeoutMs);
      this.watchers.push(watcher);
    });
  }

  /** Has `handler` take every platform message of this id from now on. */
  on(id: number, handler: (packet: Packet) => void): void {
    this.handlers.set(id, handler);
  }

  /** The commands a terminal carries out by itself: parameters set (0x8103) and asked for (0x8104), texts shown (0x8300). */
  private obey(packet: Packet): void {
    const { id, serial } = packet.header;
    if (id === ID.setParameters) {
      for (const { id: parameter, value } of readSetParameters(packet.body)) this.parameters.set(parameter, value);
      this.send(ID.terminalReply, writeGeneralReply({ serial, id, result: REPLY_RESULT.ok }));
    } else if (id === ID.driverText) {
      this.texts.push(readDriverText(packet.body, this.options.version === 2019));
      this.send(ID.terminalReply, writeGeneralReply({ serial, id, result: REPLY_RESULT.ok }));
    } else if (id === ID.queryParameters) {
      const list = [...this.parameters].map(([parameter, value]) => ({ id: parameter, value }));
      this.send(ID.parameterReply, writeParameterReply(serial, list));
    }
  }

  close(): Promise<void> {
    this.socket?.end();
    this.socket?.destroySoon();
    return this.closed;
  }
}
