import type { Socket } from 'node:net';
import { Readable } from 'node:stream';
import {
  ALARM_BIT,
  ALARM_BITS,
  type AlarmMark,
  CAPTURE_RESULT,
  FrameSplitter,
  faultsOf,
  type Header,
  has,
  ID,
  Jt808FormatError,
  type Location,
  MEDIA_FORMAT,
  MEDIA_TYPE,
  type Packet,
  REGISTRATION_RESULT,
  REPLY_RESULT,
  Reassembly,
  readAuthentication,
  readCaptureReply,
  readDriverCard,
  readGeneralReply,
  readLocation,
  readLocationBatch,
  readMediaUpload,
  readPacket,
  readParameterReply,
  readRegistration,
  readUpgradeResult,
  STATUS_BIT,
  safetyMapping,
  UPGRADE_RESULT,
  UPGRADE_TYPE,
  writeAttachmentRequest,
  writeCapture,
  writeMediaReply,
  writeRegistrationReply,
  writeResendRequest,
} from '@safety-shield/contract/jt808';
import type { FastifyBaseLogger } from 'fastify';
import type { DropLog } from '../device-port/drops.js';
import type { CommandAck, DeviceIntake, PositionFix } from '../device-port/index.js';
import type { AttachmentRequests } from './attachment-requests.js';
import { dateOfBcd, dbmOfSignal, instantOfBcd, localTimeText } from './clock.js';
import { TerminalConnection } from './connection.js';
import { type AuthenticatedTerminal, type Terminals, terminalKey } from './terminals.js';
import { orderProblem, type UpgradeOrder, UpgradeTransfer } from './upgrades.js';

export interface SessionLimits {
  /** The longest frame read (escaped); a longer one is dropped whole. */
  maxFrame: number;
  /** Sub-package messages waiting at once, packages per message, and how long packages may stay missing. */
  reassembly: { maxMessages: number; maxPackages: number; timeoutMs: number };
  /** A connection silent this long (no heartbeat) is closed. */
  idleMs: number;
  /** Messages read and not yet handled before the connection stops reading. */
  maxQueued: number;
}

export const SESSION_DEFAULTS: SessionLimits = {
  maxFrame: 4096,
  reassembly: { maxMessages: 4, maxPackages: 512, timeoutMs: 10_000 },
  idleMs: 180_000,
  maxQueued: 64,
};

/** How long 0x8801 waits for the terminal's 0x0805, and how many of the pictures it names are kept. */
const CAPTURE_ANSWER_MS = 30_000;
const MAX_PICTURES = 4;

/** How long 0x9208 waits for the terminal's general answer (only logged when missing). */
const ATTACHMENT_ANSWER_MS = 30_000;

/** What the sessions of one listener share. */
export interface SessionParts {
  terminals: Terminals;
  intake: DeviceIntake;
  log: FastifyBaseLogger;
  drops: DropLog;
  limits: SessionLimits;
  /** The connection each authenticated device has now: a newer one takes over. */
  current: Map<string, Session>;
  /** The uuids the adapter serves (every JT/T 808 device the portal knows). */
  known: Set<string>;
  /** A terminal registered here for the first time: every node is to serve it. */
  announce(uuid: string): void;
  /** The alarm word each device reported last, so an alarm files once when it turns on, not on every report. */
  alarms: Map<string, number>;
  /** The faults each device reported last (a key of them), so a health report goes only when they change. */
  faults: Map<string, string>;
  /** Packages a terminal received whole, by device: its 0x0108 after the restart names how the install went. */
  upgrades: Map<string, { upgradeId: number; version: string }>;
  track(work: Promise<unknown>): void;
  /** Active-safety attachments: the alarm numbers, and where the terminal is to send the files. */
  attachments: { requests: AttachmentRequests; address(socket: Socket): { host: string; port: number } };
}

/**
 * One terminal's TCP connection (docs/jt808.md): frames in, messages handled one at a time in order, each answered
 * once its effect is committed. Until the terminal authenticates only registration and authentication are answered.
 */
export class Session extends TerminalConnection {
  private readonly splitter: FrameSplitter;
  private readonly joiner: Reassembly;
  private expiry: NodeJS.Timeout | undefined;
  device: AuthenticatedTerminal | undefined;
  /** The software version its authentication named (2019; 2011 and 2013 name none). */
  software: string | null = null;
  /** Pictures asked for with 0x8801 and not yet arrived, by media id: the incident and the name they are listed under. */
  private readonly pictures = new Map<number, Promise<{ incidentMessageId: string; resourceId: string } | undefined>>();
  /** A firmware package on its way to the terminal. */
  private transfer: UpgradeTransfer | undefined;
  /** Commands sent and not yet answered, by the serial they went with. */
  private readonly pending = new Map<number, { answer: number; settle(reply: Packet | Error): void }>();

  constructor(
    socket: Socket,
    private readonly parts: SessionParts,
  ) {
    super(socket, parts, parts.limits.maxQueued, parts.limits.idleMs);
    this.splitter = new FrameSplitter(parts.limits.maxFrame);
    this.joiner = new Reassembly(parts.limits.reassembly);
  }

  protected get name(): string {
    return this.device?.uuid ?? `terminal ${this.wire.terminal}`;
  }

  protected read(chunk: Buffer): void {
    for (const sent of this.splitter.push(chunk)) {
      const packet = readPacket(sent);
      if (typeof packet === 'string') {
        this.drop('frame', () => `unreadable frame: ${packet}`);
        continue;
      }
      if (packet.header.encryption !== 0) {
        this.drop(packet.header.id, () => 'encrypted messages are not supported');
        this.reply(packet.header, REPLY_RESULT.unsupported);
        continue;
      }
      const whole = this.joiner.add(packet, Date.now());
      if (whole.kind === 'refused') this.drop(packet.header.id, () => `sub-packages refused: ${whole.reason}`);
      if (whole.kind !== 'whole') {
        this.watchExpiry();
        continue;
      }
      const message = { header: { ...packet.header, serial: whole.firstSerial, packets: null }, body: whole.body };
      if (!this.settled(message)) this.take(message);
    }
  }

  /**
   * An answer to a command the portal sent settles it at once, not after the reports read before it are handled (a
   * slow database would hold a firmware transfer's answers back while the terminal goes on). True when it was one.
   */
  private settled(packet: Packet): boolean {
    const { id } = packet.header;
    if (!this.device || (id !== ID.terminalReply && id !== ID.parameterReply && id !== ID.captureReply)) return false;
    try {
      const serial =
        id === ID.terminalReply
          ? readGeneralReply(packet.body).serial
          : id === ID.parameterReply
            ? readParameterReply(packet.body).serial
            : readCaptureReply(packet.body).serial;
      this.answered(serial, id, packet);
    } catch (err) {
      if (!(err instanceof Jt808FormatError)) throw err;
      this.drop(id, () => `malformed body: ${err.message}`);
    }
    return true;
  }

  /** A whole message, handled in order and answered once its effect is committed. */
  private take(packet: Packet): void {
    this.enqueue(() =>
      this.handle(packet).catch((err: unknown) => {
        if (err instanceof Jt808FormatError) {
          this.drop(packet.header.id, () => `malformed body: ${err.message}`);
          return this.reply(packet.header, REPLY_RESULT.malformed);
        }
        // Not committed: the terminal is told it failed, and sends the message again.
        this.parts.log.error({ err, device: this.name, id: packet.header.id }, 'jt808 message handling failed');
        this.reply(packet.header, REPLY_RESULT.failed);
      }),
    );
  }

  private watchExpiry(): void {
    if (this.expiry) return;
    const every = Math.max(100, this.parts.limits.reassembly.timeoutMs / 2);
    this.expiry = setInterval(() => {
      const { ask, dropped } = this.joiner.expire(Date.now());
      for (const missing of ask) {
        this.send(ID.resend, writeResendRequest({ serial: missing.firstSerial, indexes: missing.missing }, this.wire.version === 2019));
      }
      if (dropped > 0) this.drop('subpackage', () => `${dropped} message(s) given up: sub-packages missing`);
      if (this.joiner.size === 0) this.stopExpiry();
    }, every);
  }

  private stopExpiry(): void {
    if (this.expiry) clearInterval(this.expiry);
    this.expiry = undefined;
  }

  private async handle({ header, body }: Packet): Promise<void> {
    if (this.closed) return;
    this.wire = { terminal: header.terminal, version: header.version };
    switch (header.id) {
      case ID.register:
        return this.register(header, body);
      case ID.authenticate:
        return this.authenticate(header, body);
    }
    const device = this.device;
    if (!device) {
      // Everything else waits for authentication: the terminal is told, and registers or authenticates first.
      this.drop(header.id, () => 'not authenticated');
      return this.reply(header, REPLY_RESULT.failed);
    }
    switch (header.id) {
      case ID.heartbeat:
        return this.reply(header, REPLY_RESULT.ok);
      case ID.logout:
        await this.parts.terminals.logout(device.deviceId);
        this.reply(header, REPLY_RESULT.ok);
        this.socket.end();
        return;
      case ID.location: {
        const location = readLocation(body);
        await this.locations(device, [location], true);
        return this.reply(header, REPLY_RESULT.ok);
      }
      case ID.locationBatch: {
        const batch = readLocationBatch(body);
        if (batch.skipped > 0) this.drop(header.id, () => `${batch.skipped} unreadable position(s) of a batch`);
        // A backlog's alarms are history: they file incidents, not a live S.O.S.
        await this.locations(device, batch.locations, !batch.backlog);
        return this.reply(header, REPLY_RESULT.ok);
      }
      case ID.driverCard:
        return this.driverCard(device, header, body);
      case ID.upgradeResult:
        return this.upgradeResult(device, header, body);
      case ID.mediaEvent:
        return this.reply(header, REPLY_RESULT.ok);
      case ID.mediaUpload:
        return this.mediaUpload(device, header, body);
      default:
        this.drop(header.id, () => 'message not supported');
        return this.reply(header, REPLY_RESULT.unsupported);
    }
  }

  private async register(header: Header, body: Uint8Array): Promise<void> {
    const registration = readRegistration(body, header.version === 2019);
    const address = this.socket.remoteAddress ?? 'unknown';
    const outcome = await this.parts.terminals.register(header.terminal, registration, address);
    const { log } = this.parts;
    if (outcome.result === REGISTRATION_RESULT.ok) {
      if (outcome.created) this.parts.announce(outcome.uuid);
      else this.parts.known.add(outcome.uuid);
      if (outcome.created)
        log.info({ device: outcome.uuid, model: registration.model }, 'jt808 terminal registered: a new unmatched device');
      if (outcome.movedFrom)
        log.warn({ device: outcome.uuid, from: outcome.movedFrom, to: address }, 'jt808 terminal registered again from another address');
    } else {
      log.info({ terminal: header.terminal, reason: outcome.reason }, 'jt808 registration refused');
    }
    this.send(
      ID.registerReply,
      writeRegistrationReply({
        serial: header.serial,
        result: outcome.result,
        code: outcome.result === REGISTRATION_RESULT.ok ? outcome.code : null,
      }),
    );
  }

  private async authenticate(header: Header, body: Uint8Array): Promise<void> {
    const { code, software } = readAuthentication(body, header.version === 2019);
    this.software = software || null;
    const device = await this.parts.terminals.authenticate(header.terminal, code);
    if (!device) {
      this.parts.log.info({ terminal: header.terminal }, 'jt808 authentication refused');
      this.reply(header, REPLY_RESULT.failed);
      this.socket.end();
      return;
    }
    const { current, intake } = this.parts;
    const previous = current.get(device.uuid);
    current.set(device.uuid, this);
    this.device = device;
    this.parts.known.add(device.uuid);
    // A newer connection of the same terminal takes over: the old one ends without making the device offline.
    if (previous && previous !== this) previous.close();
    // The hello marks the device online and sends what waited for it.
    await intake.hello(device.uuid, { version: software || null, iccid: null, channels: null, name: null, model: null });
    this.reply(header, REPLY_RESULT.ok);
  }

  /** Positions to the trail; alarms that turned on to incidents and S.O.S. */
  private async locations(device: AuthenticatedTerminal, locations: Location[], live: boolean): Promise<void> {
    const fixes: PositionFix[] = [];
    const filed: Promise<unknown>[] = [];
    for (const location of locations) {
      const at = instantOfBcd(location.time, device.timeZone);
      if (at === undefined) {
        this.drop(ID.location, () => `position without a date: ${location.time}`);
        continue;
      }
      const located = has(location.status, STATUS_BIT.located) && !(location.lat === 0 && location.lng === 0);
      if (located) {
        fixes.push({
          t: at,
          lat: location.lat,
          lng: location.lng,
          speed: location.speed,
          heading: location.heading,
          dbm: dbmOfSignal(location.signal),
        });
      }
      const alarmed = this.alarms(device, location, at, live);
      if (alarmed) filed.push(alarmed);
      const health = live ? this.health(device, location, at) : undefined;
      if (health) filed.push(health);
    }
    const positions = fixes.length > 0 ? this.parts.intake.positions(device.uuid, fixes) : undefined;
    // Most reports are a position and nothing else: no list of promises to wait for.
    if (filed.length === 0) return positions;
    if (positions) filed.push(positions);
    await Promise.all(filed);
  }

  /** What a report's alarms file; undefined when nothing (most reports: checked first, as every report comes here). */
  private alarms(device: AuthenticatedTerminal, location: Location, at: number, live: boolean): Promise<unknown> | undefined {
    const { intake, alarms } = this.parts;
    const before = alarms.get(device.uuid) ?? 0;
    if (live && before !== location.alarm) alarms.set(device.uuid, location.alarm);
    const turnedOn = location.alarm & ~before;
    const turnedOff = before & ~location.alarm;
    const area = location.area && has(location.alarm, ALARM_BIT.area);
    if (turnedOn === 0 && turnedOff === 0 && !area && location.safety.length === 0) return undefined;
    const localTime = localTimeText(location.time);
    const where = { lat: location.lat, lng: location.lng, speed: location.speed };
    const message = (id: string) => ({ id: `${id}@${location.time}`, at });
    const work: Promise<void>[] = [];
    for (const alarm of ALARM_BITS) {
      if (alarm.files === 'sos') {
        if (!live) continue;
        if (has(turnedOn, alarm.code))
          work.push(intake.sos(device.uuid, message('sos'), { state: 'start', time: at, localTime, ...where, startId: null }));
        else if (has(turnedOff, alarm.code))
          work.push(intake.sos(device.uuid, message('sos-end'), { state: 'stop', time: at, localTime, ...where, startId: null }));
        continue;
      }
      if (!has(turnedOn, alarm.code)) continue;
      const { id } = message(`alarm${alarm.code}`);
      const filed = intake.incident(device.uuid, message(`alarm${alarm.code}`), {
        type: alarm.files,
        triggerAt: at,
        localTime,
        ...where,
        channel: 1,
        description: alarm.name,
        resources: [],
      });
      // The standard's own alarms carry no files: a picture of the moment is asked for (live reports only).
      work.push(live ? filed.then(() => this.askForPicture(device, id)) : filed);
    }
    if (area && location.area) {
      const { areaId, direction } = location.area;
      work.push(
        intake.incident(device.uuid, message(`area${areaId}-${direction}`), {
          type: direction === 0 ? 'areaEnter' : 'areaLeave',
          triggerAt: at,
          localTime,
          ...where,
          channel: 1,
          description: `Area ${areaId}`,
          resources: [],
        }),
      );
    }
    for (const alarm of location.safety) {
      const mapping = safetyMapping(alarm.item, alarm.type);
      // Only a start (or a one-off) files: the end of the same alarm repeats its id.
      if (!mapping || mapping.files === 'sos' || alarm.flag === 2) continue;
      const alarmAt = instantOfBcd(alarm.time, device.timeZone) ?? at;
      const id = `safety${alarm.item.toString(16)}-${alarm.alarmId}`;
      const filed = intake.incident(
        device.uuid,
        { id, at: alarmAt },
        {
          type: mapping.files,
          triggerAt: alarmAt,
          localTime: localTimeText(alarm.time),
          speed: alarm.speed,
          lat: alarm.lat,
          lng: alarm.lng,
          channel: 1,
          description: mapping.name,
          resources: [],
        },
      );
      work.push(alarm.mark.attachments > 0 ? filed.then(() => this.askForAttachments(device, id, alarm.mark)) : filed);
    }
    return Promise.all(work);
  }

  /**
   * 0x9208 once the incident is filed: the terminal is to send the alarm's files to the attachment listener under a
   * new alarm number (docs/jt808.md, "Active-safety attachments"). Its answer is not waited for.
   */
  private async askForAttachments(device: AuthenticatedTerminal, incidentMessageId: string, mark: AlarmMark): Promise<void> {
    const { requests, address } = this.parts.attachments;
    const terminalNo = terminalKey(this.wire.terminal);
    const alarmNumber = await requests.issue({ deviceUuid: device.uuid, terminalNo, incidentMessageId });
    const { host, port } = address(this.socket);
    const body = writeAttachmentRequest({ host, tcpPort: port, udpPort: 0, mark, alarmNumber });
    this.command(ID.attachmentRequest, body, ID.terminalReply, ATTACHMENT_ANSWER_MS).catch((err: unknown) =>
      this.parts.log.debug({ err, device: device.uuid }, 'jt808 attachment request not answered'),
    );
  }

  /**
   * 0x8801 once a standard alarm's incident is filed: one picture of channel 1, uploaded now (docs/jt808.md,
   * "Multimedia"). The pictures the answer (0x0805) names are listed as the incident's evidence and stored as their
   * 0x0801 arrive. Not waited for: a terminal without a camera may answer late or not at all.
   */
  private askForPicture(device: AuthenticatedTerminal, incidentMessageId: string): void {
    const body = writeCapture({ channel: 1, count: 1, everySeconds: 0, upload: true, resolution: 2, quality: 5 });
    const asked = this.command(ID.capture, body, ID.captureReply, CAPTURE_ANSWER_MS).then((reply) => {
      const { result, mediaIds } = readCaptureReply(reply.body);
      if (result !== CAPTURE_RESULT.ok) return;
      const taken = mediaIds.slice(0, MAX_PICTURES).map((mediaId) => ({ mediaId, resourceId: `${mediaId}.jpg` }));
      if (taken.length === 0) return;
      const files = taken.map(({ resourceId }) => ({ id: resourceId, kind: 'picture' as const, channel: 1, start: null, end: null }));
      const listed = this.parts.intake.attachments(device.uuid, incidentMessageId, files);
      // Known at once, before the listing is committed: the terminal sends the first picture right after its answer.
      for (const { mediaId, resourceId } of taken)
        this.pictures.set(
          mediaId,
          listed.then(
            (known) => (known ? { incidentMessageId, resourceId } : undefined),
            () => undefined,
          ),
        );
      return listed;
    });
    this.parts.track(asked.catch((err: unknown) => this.parts.log.debug({ err, device: device.uuid }, 'jt808 capture not answered')));
  }

  /** 0x0801: a picture 0x8801 asked for is stored as its incident's evidence; any other media is answered and let go. */
  private async mediaUpload(device: AuthenticatedTerminal, header: Header, body: Uint8Array): Promise<void> {
    const media = readMediaUpload(body, device.edition !== 2011);
    const wanted = await this.pictures.get(media.mediaId);
    if (wanted && media.type === MEDIA_TYPE.image && media.format === MEDIA_FORMAT.jpeg) {
      const data = Buffer.from(media.data);
      const outcome = await this.parts.intake.delivered(device.uuid, { ...wanted, size: data.length, open: () => Readable.from([data]) });
      this.pictures.delete(media.mediaId);
      if (outcome !== 'stored') this.drop(header.id, () => `picture ${media.mediaId} ${outcome}`);
    } else {
      this.drop(header.id, () => `media ${media.mediaId} (type ${media.type}, event ${media.event}) not asked for`);
    }
    this.send(ID.mediaReply, writeMediaReply(media.mediaId));
  }

  /**
   * Sends a command and resolves with the terminal's answer (the message `answer` that names its serial); rejects when
   * none comes within `timeoutMs` or the connection ends first.
   */
  command(id: number, body: Uint8Array, answer: number, timeoutMs: number): Promise<Packet> {
    if (this.closed) return Promise.reject(new Error('connection closed'));
    return this.answerTo(this.send(id, body), answer, timeoutMs);
  }

  /** The terminal's answer (the message `answer`) to what went with `serial`. */
  private answerTo(serial: number, answer: number, timeoutMs: number): Promise<Packet> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => settle(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
      const settle = (reply: Packet | Error) => {
        clearTimeout(timer);
        this.pending.delete(serial);
        if (reply instanceof Error) reject(reply);
        else resolve(reply);
      };
      this.pending.set(serial, { answer, settle });
    });
  }

  private answered(serial: number, answer: number, reply: Packet): void {
    const waiting = this.pending.get(serial);
    if (waiting?.answer === answer) waiting.settle(reply);
  }

  /** The running-status faults the report's bits and items say hold, when they differ from the last ones this node heard. */
  private health(device: AuthenticatedTerminal, location: Location, at: number): Promise<void> | undefined {
    const faults = faultsOf(location);
    const key = faults.map((f) => `${f.code}:${f.channel}`).join(',');
    if (this.parts.faults.get(device.uuid) === key) return undefined;
    return this.parts.intake.health(device.uuid, { time: at, faults, unknown: [] }).then(() => {
      this.parts.faults.set(device.uuid, key);
    });
  }

  protected ended(): void {
    this.stopExpiry();
    this.transfer?.cancel();
    for (const waiting of [...this.pending.values()]) waiting.settle(new Error('connection closed'));
    const uuid = this.device?.uuid;
    if (uuid && this.parts.current.get(uuid) === this) {
      this.parts.current.delete(uuid);
      this.parts.track(this.queue.then(() => this.parts.intake.offline(uuid)));
    }
  }

  /**
   * `upgrade`: taken at once when the terminal can be sent the package (docs/jt808.md, "Upgrades"), which then goes in
   * the background; an order already on its way is taken again without starting over.
   */
  upgrade(order: UpgradeOrder, ref: string): CommandAck {
    const device = this.device;
    if (!device) return { ref, ok: false, error: 'not connected' };
    if (this.software === order.version) return { ref, ok: true, error: null, result: { version: order.version } };
    const problem = orderProblem(order);
    if (problem) return { ref, ok: false, error: problem };
    // The terminal holds this package already (it may have restarted to install it before the portal heard): its 0x0108 tells.
    if (this.parts.upgrades.get(device.uuid)?.upgradeId === order.upgradeId) return { ref, ok: true, error: null };
    const running = this.transfer;
    if (running && !running.installing && running.order.upgradeId === order.upgradeId) return { ref, ok: true, error: null };
    if (running?.installing) return { ref, ok: false, error: `busy: installing ${running.order.upgradeId}` };
    running?.cancel();
    const { intake, log, upgrades } = this.parts;
    let first: number | undefined;
    const transfer = new UpgradeTransfer(order, device.maker, {
      sendPackage: (packets, part, timeoutMs) => {
        if (this.closed) return Promise.reject(new Error('connection closed'));
        first ??= this.reserveSerials(packets.total);
        return this.answerTo(this.sendPackage(ID.upgrade, first, packets, part), ID.terminalReply, timeoutMs);
      },
      report: (progress) =>
        intake
          .upgradeProgress(device.uuid, progress)
          .catch((err: unknown) => log.warn({ err, device: device.uuid }, 'upgrade progress not filed')),
      isOpen: () => !this.closed,
      sent: () => upgrades.set(device.uuid, { upgradeId: order.upgradeId, version: order.version }),
    });
    this.transfer = transfer;
    this.parts.track(transfer.done);
    return { ref, ok: true, error: null };
  }

  /** The terminal acknowledged this configuration version (0x8103): a later 0x8104 reads as it. */
  async configApplied(version: number): Promise<void> {
    if (this.device) await this.parts.terminals.configApplied(this.device, version);
  }

  /** `upgradeCancel`: stops a package still on its way; one the terminal holds whole is being installed. */
  cancelUpgrade(upgradeId: number, ref: string): CommandAck {
    const running = this.transfer;
    if (running?.order.upgradeId !== upgradeId) return { ref, ok: true, error: null };
    if (!running.cancel()) return { ref, ok: false, error: 'installing' };
    this.transfer = undefined;
    return { ref, ok: true, error: null };
  }

  /**
   * 0x0108, after the restart: a failed or cancelled install fails the order this node sent; a successful one was
   * told by the new version the authentication named.
   */
  private async upgradeResult(device: AuthenticatedTerminal, header: Header, body: Uint8Array): Promise<void> {
    const { type, result } = readUpgradeResult(body);
    const order = this.parts.upgrades.get(device.uuid);
    if (type === UPGRADE_TYPE.terminal && order) {
      this.parts.upgrades.delete(device.uuid);
      if (result !== UPGRADE_RESULT.ok) {
        const reason =
          result === UPGRADE_RESULT.cancelled ? 'the terminal cancelled the upgrade' : 'the terminal could not install the package';
        await this.parts.intake.upgradeProgress(device.uuid, { upgradeId: order.upgradeId, phase: 'failed', reason });
      } else if (this.software === null) {
        // A terminal whose authentication names no version (2011, 2013) runs the package's now, as it just said.
        await this.parts.intake.hello(device.uuid, { version: order.version, iccid: null, channels: null, name: null, model: null });
      }
    }
    this.reply(header, REPLY_RESULT.ok);
  }

  /** 0x0702: a driver's card in or out, the driver of the device's incidents from then on; an unread card is no driver. */
  private async driverCard(device: AuthenticatedTerminal, header: Header, body: Uint8Array): Promise<void> {
    const card = readDriverCard(body, header.version === 2019);
    const at = instantOfBcd(card.time, device.timeZone);
    if (at === undefined || (card.state !== 1 && card.state !== 2)) {
      this.drop(header.id, () => `driver card without a date or state: ${card.time}, state ${card.state}`);
      return this.reply(header, REPLY_RESULT.malformed);
    }
    const message = { id: `card${card.state === 1 ? 'in' : 'out'}@${card.time}`, at };
    const { name, licence, authority, idNumber } = card;
    if (card.state === 2) await this.parts.intake.driver(device.uuid, message, { state: 'out', time: at });
    else if (card.readResult !== 0 || !(name || licence)) this.drop(header.id, () => `driver card not read: result ${card.readResult}`);
    else {
      const validUntil = dateOfBcd(card.validUntil);
      const texts = { name: name || null, licence: licence || null, authority: authority || null, idNumber: idNumber || null };
      await this.parts.intake.driver(device.uuid, message, { state: 'in', time: at, ...texts, validUntil });
    }
    this.reply(header, REPLY_RESULT.ok);
  }
}
