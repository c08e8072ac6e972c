import { EventEmitter } from 'node:events';
import {
  ADAS_TYPES,
  ALARM_BIT,
  ATTACHMENT_TYPE,
  BSD_TYPES,
  CAPTURE_RESULT,
  DMS_TYPES,
  ID,
  type Location,
  location,
  MEDIA_EVENT,
  MEDIA_FORMAT,
  MEDIA_TYPE,
  type Packet,
  REGISTRATION_RESULT,
  REPLY_RESULT,
  readAttachmentRequest,
  readCapture,
  readMediaReply,
  readUpgrade,
  type SafetyAlarm,
  STATUS_BIT,
  UPGRADE_RESULT,
  writeCaptureReply,
  writeGeneralReply,
  writeMediaUpload,
  writeUpgradeResult,
} from '@safety-shield/contract/jt808';
import { Drive } from '../drive.js';
import { evidenceFile } from '../evidence.js';
import { hashSeed, PoissonSchedule, pick, type Random, seededRandom, uniform } from '../random.js';
import { withTimeout } from '../wait.js';
import { alarmFileName, type UploadOutcome, uploadAttachments } from './attachments.js';
import { type Jt808CodeStore, memoryCodeStore } from './codes.js';
import { Jt808Terminal } from './terminal.js';

export interface Jt808SimOptions {
  host: string;
  port: number;
  /** The terminal number (its SIM's phone number), digits: up to 12 under 2013, 20 under 2019. */
  terminal: string;
  /** The edition it speaks; default 2013. */
  version?: 2013 | 2019;
  /** The plate it registers with (0x0100); none if absent. */
  plate?: string;
  /** Where the authentication code from its registration is kept, so a restart authenticates with it; in memory if absent. */
  codes?: Jt808CodeStore;
  /** How often it reports its position (0x0200); default 10 s, a market dashcam's usual interval while driving. */
  gpsIntervalMs?: number;
  /** A heartbeat (0x0002) goes out when nothing else was sent for this long; default 30 s. */
  heartbeatMs?: number;
  /** Seeds the drive and the alarms; derived from the terminal number if absent. */
  seed?: number;
  /** Drive time compression (see Drive). */
  speedFactor?: number;
  /** Mean time between the ADAS and DMS alarms it raises by itself (exponential); none if absent. */
  incidentEveryMs?: number;
  /** The first wait before connecting again after the connection ended; it doubles on each failed attempt up to max. Default 2–60 s. */
  reconnectDelayMs?: { min: number; max: number };
  /** How long a message waits for the platform's reply; default 10 s. */
  replyTimeoutMs?: number;
  /** The model it registers as; default SS-808. */
  model?: string;
  /** Its alarms' files (a picture and a clip of the camera) go up when 0x9208 asks; default true. */
  attachments?: boolean;
  /** The software version its authentication names (2019); default SIM-808-1.0.0. A package it installs changes it. */
  software?: string;
  /** How long installing a package takes before it restarts; default 2 s. */
  installMs?: number;
  /** Its first install fails (see `failNextUpgrade`). */
  upgradeFailure?: boolean;
}

export interface Jt808SimStats {
  online: boolean;
  /** Authenticated connections. */
  connects: number;
  /** Registrations the platform accepted. */
  registrations: number;
  /** Positions taken, and those the platform acknowledged (live or in a backlog batch). */
  positions: number;
  positionsAcked: number;
  /** Positions kept for a backlog batch. */
  backlog: number;
  /** ADAS and DMS alarms raised. */
  alarms: number;
  /** Alarm files the platform said were whole, and pieces it asked for again. */
  attachmentsStored: number;
  attachmentPiecesResent: number;
  /** Pictures taken for 0x8801 that the platform said were whole (0x8800). */
  picturesStored: number;
}

export interface Jt808SimEvents {
  online: [];
  offline: [];
  /** Each position taken, at its instant (whole seconds: the protocol's clock). */
  position: [at: number, location: Location];
  /** A picture taken for 0x8801 went up and the platform said it was whole (0x8800). */
  picture: [mediaId: number];
  /** A package (0x8108) was installed, or failed to be: it restarts now. */
  upgraded: [version: string, ok: boolean, data: Uint8Array];
  /** The files of an alarm went up (0x9208 asked with this alarm number). */
  attachments: [alarmNumber: string, outcome: UploadOutcome];
  /** What it rides out: a refused registration or code, a failed connection, an unanswered message. */
  problem: [error: Error];
}

/** Alarms whose files it keeps for 0x9208 (the oldest go first). */
const KEPT_ALARMS = 100;

/** Positions per 0x0704 batch: about 40 bytes each, so a batch fits one frame (1023 bytes of body). */
const BATCH_POSITIONS = 20;
/** Positions kept while it cannot send (about 6 days at one every 10 s); the oldest go first. */
const MAX_BACKLOG = 50_000;
/** How long stop() waits for the last positions to be acknowledged. */
const DRAIN_MS = 5_000;
const BEIJING_OFFSET_MS = 8 * 3_600_000;

const two = (n: number) => String(n).padStart(2, '0');

/** The standard's clock: Beijing time (UTC+8) as YYMMDDhhmmss. */
export function beijingTime(at: number): string {
  const d = new Date(at + BEIJING_OFFSET_MS);
  return [d.getUTCFullYear() % 100, d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()]
    .map(two)
    .join('');
}

/** The item of a random alarm: ADAS and DMS as often, a blind-spot alarm now and then. */
const safetyItemOf = (draw: number): 0x64 | 0x65 | 0x67 => (draw < 0.45 ? 0x64 : draw < 0.9 ? 0x65 : 0x67);

/** dBm as the signal strength 0–31 of AT+CSQ. */
const csqOf = (dbm: number) => Math.max(0, Math.min(31, Math.round((dbm + 113) / 2)));

/**
 * A simulated market dashcam speaking JT/T 808 (docs/jt808.md) over Jt808Terminal, driving the simulator's routes
 * (Drive): it registers once and keeps its code, authenticates on every connection, reports its position every
 * `gpsIntervalMs` (Beijing time), heartbeats when idle, keeps positions taken while disconnected for a 0x0704 backlog,
 * reconnects with backoff, raises ADAS/DMS alarms now and then, and has an emergency button.
 */
export class Jt808SimDevice extends EventEmitter<Jt808SimEvents> {
  readonly terminalNo: string;
  readonly drive: Drive;
  readonly version: 2013 | 2019;
  private readonly codes: Jt808CodeStore;
  private readonly random: Random;
  private readonly alarmSchedule: PoissonSchedule;
  private readonly gpsIntervalMs: number;
  private readonly heartbeatMs: number;
  private readonly delays: { min: number; max: number };
  /** The odometer reading when the drive began, km: a dashcam reports the vehicle's, not the trip's. */
  private readonly startKm: number;
  private readonly altitude: number;
  private satellitesInView: number;
  private terminal: Jt808Terminal | undefined;
  private online = false;
  private stopped = false;
  private running: Promise<void> | undefined;
  private firstOutcome: Promise<boolean> | undefined;
  private sampler: NodeJS.Timeout | undefined;
  private heartbeatTimer: NodeJS.Timeout | undefined;
  private wake: (() => void) | undefined;
  private lastStepAt = 0;
  private alarmWord = 0;
  private lastAlarmId = 0;
  private backlog: Location[] = [];
  private pumping: Promise<void> | undefined;
  private readonly inflight = new Set<Promise<unknown>>();
  private readonly counts = {
    connects: 0,
    registrations: 0,
    positions: 0,
    positionsAcked: 0,
    alarms: 0,
    attachmentsStored: 0,
    attachmentPiecesResent: 0,
    picturesStored: 0,
  };
  /** The alarms with files, by their mark (time and serial): their item and type name the files. */
  private readonly alarmFiles = new Map<string, { item: number; type: number }>();
  /** The software version it runs. */
  software: string;
  /** The id of the last picture it took (0x0805 names them). */
  private lastMediaId = 0;
  /** Its next install fails (it restarts on its old version and says so with 0x0108). */
  failNextUpgrade: boolean;
  /** How its last install went, told with 0x0108 once it is connected again. */
  private upgradeResult: Uint8Array | undefined;
  /** Pieces of the next alarm's files to leave out once (a lossy link), for tests of 0x9212's resend. */
  loseNextPieces: ReadonlySet<number> | undefined;

  constructor(private readonly options: Jt808SimOptions) {
    super();
    if (!/^\d{1,20}$/.test(options.terminal)) throw new Error(`invalid terminal number ${options.terminal}`);
    this.terminalNo = options.terminal;
    this.version = options.version ?? 2013;
    this.codes = options.codes ?? memoryCodeStore();
    const seed = options.seed ?? hashSeed(options.terminal);
    this.drive = new Drive({ seed, speedFactor: options.speedFactor ?? 1 });
    // Its own sequence for alarms and the receiver, so the drive is the one a seed gives whatever else happens.
    this.random = seededRandom(hashSeed(seed, 'jt808'));
    this.alarmSchedule = new PoissonSchedule(this.random, options.incidentEveryMs ?? 0, () => void this.raiseSafetyAlarm());
    this.gpsIntervalMs = options.gpsIntervalMs ?? 10_000;
    this.heartbeatMs = options.heartbeatMs ?? 30_000;
    this.delays = options.reconnectDelayMs ?? { min: 2_000, max: 60_000 };
    this.startKm = Math.round(uniform(this.random, 20_000, 90_000));
    this.altitude = Math.round(uniform(this.random, 10, 150));
    this.satellitesInView = Math.round(uniform(this.random, 7, 14));
    this.software = options.software ?? 'SIM-808-1.0.0';
    this.failNextUpgrade = options.upgradeFailure ?? false;
  }

  /** Connected and authenticated. */
  get connected(): boolean {
    return this.online;
  }

  get stats(): Jt808SimStats {
    return { online: this.online, ...this.counts, backlog: this.backlog.length };
  }

  /** True between pressSos() and releaseSos(). */
  get sosActive(): boolean {
    return (this.alarmWord & (1 << ALARM_BIT.emergency)) !== 0;
  }

  /** Starts reporting and connecting; resolves true once the first connection authenticated, false if it failed. */
  start(): Promise<boolean> {
    if (this.firstOutcome) return this.firstOutcome;
    this.lastStepAt = Date.now();
    this.sampler = setInterval(() => void this.report(this.locationNow()), this.gpsIntervalMs);
    this.sampler.unref();
    this.alarmSchedule.start();
    this.firstOutcome = new Promise((resolve) => {
      this.running = this.run(resolve);
    });
    return this.firstOutcome;
  }

  /**
   * Raises an ADAS (0x64), DMS (0x65) or BSD (0x67) alarm now, at the current position, with the next alarm id;
   * reported at once (kept for the backlog when offline). Random item and type when not given. Returns the alarm id.
   */
  raiseSafetyAlarm(item: 0x64 | 0x65 | 0x67 = safetyItemOf(this.random()), type?: number): number {
    // Rising, and past any id of an earlier run: the portal files one incident per id.
    const alarmId = Math.max(this.lastAlarmId + 1, Math.floor(Date.now() / 1000)) >>> 0;
    this.lastAlarmId = alarmId;
    this.counts.alarms += 1;
    const now = Date.now();
    const time = beijingTime(now);
    const sample = this.advance(now);
    const alarm: SafetyAlarm = {
      item,
      alarmId,
      flag: 0,
      type: type ?? pick(this.random, item === 0x64 ? ADAS_TYPES : item === 0x65 ? DMS_TYPES : BSD_TYPES).code,
      level: this.random() < 0.3 ? 2 : 1,
      speed: sample.speed,
      lat: sample.lat,
      lng: sample.lng,
      time,
      mark: { terminalId: this.terminalId, time, serial: alarmId & 0xff, attachments: this.options.attachments === false ? 0 : 2 },
    };
    if (alarm.mark.attachments > 0) {
      this.alarmFiles.set(`${time}:${alarm.mark.serial}`, { item, type: alarm.type });
      if (this.alarmFiles.size > KEPT_ALARMS) this.alarmFiles.delete(this.alarmFiles.keys().next().value as string);
    }
    void this.report(this.locationNow(now, [alarm]));
    return alarmId;
  }

  /** Presses the emergency button: the alarm word's emergency bit goes on. Resolves true once the platform acknowledged it. */
  pressSos(): Promise<boolean> {
    if (this.sosActive) return Promise.resolve(false);
    this.alarmWord |= 1 << ALARM_BIT.emergency;
    return this.report(this.locationNow());
  }

  /** Turns one bit of the alarm word (ALARM_BIT) on or off and reports it. Resolves true once the platform acknowledged it. */
  setAlarm(bit: number, on: boolean): Promise<boolean> {
    this.alarmWord = on ? this.alarmWord | (1 << bit) : this.alarmWord & ~(1 << bit);
    return this.report(this.locationNow());
  }

  /** Releases it: the emergency bit goes off. Resolves true once the platform acknowledged it. */
  releaseSos(): Promise<boolean> {
    if (!this.sosActive) return Promise.resolve(false);
    this.alarmWord &= ~(1 << ALARM_BIT.emergency);
    return this.report(this.locationNow());
  }

  /** Stops for good: the positions it holds go out if it is connected (within 5 s), then the connection ends. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    clearInterval(this.sampler);
    clearTimeout(this.heartbeatTimer);
    this.alarmSchedule.stop();
    this.wake?.();
    if (this.online) await withTimeout(this.drain(), DRAIN_MS);
    await this.terminal?.close();
    await this.running;
  }

  private get terminalId(): string {
    return this.terminalNo.slice(-7).padStart(7, '0');
  }

  /** Connects, authenticates (registering first when it has no code), serves until the connection ends, and again. */
  private async run(first: (connected: boolean) => void): Promise<void> {
    let failures = 0;
    let told = false;
    while (!this.stopped) {
      const terminal = await this.connectOnce();
      if (!told) {
        told = true;
        first(terminal !== undefined);
      }
      if (terminal && this.stopped) await terminal.close();
      if (terminal && !this.stopped) {
        failures = 0;
        await this.serve(terminal);
      } else {
        failures += 1;
      }
      if (this.stopped) break;
      const wait = Math.min(this.delays.max, this.delays.min * 2 ** Math.max(0, failures - 1));
      await this.sleep(uniform(this.random, 0.75, 1) * wait);
    }
  }

  /** One connection: registered (when needed) and authenticated, or undefined. */
  private async connectOnce(): Promise<Jt808Terminal | undefined> {
    const { host, port, replyTimeoutMs } = this.options;
    const terminal = new Jt808Terminal({ host, port, terminal: this.terminalNo, version: this.version, replyTimeoutMs });
    try {
      await terminal.connect();
    } catch (error) {
      this.problem(error);
      return undefined;
    }
    this.terminal = terminal;
    terminal.on(ID.attachmentRequest, (packet) => this.sendAttachments(terminal, packet));
    terminal.on(ID.upgrade, (packet) => this.install(terminal, packet));
    terminal.on(ID.capture, (packet) => this.capture(terminal, packet));
    try {
      const code = this.codes.get(this.terminalNo) || (await this.register(terminal));
      if (!code) {
        await terminal.close();
        return undefined;
      }
      const result = await terminal.authenticate(code, this.imei, this.software);
      if (result === REPLY_RESULT.ok) return terminal;
      // The platform no longer knows the code (the terminal was registered anew, or logged out): register again.
      this.problem(new Error(`authentication refused (${result}): registering again`));
      await this.codes.set(this.terminalNo, '');
    } catch (error) {
      this.problem(error);
    }
    await terminal.close();
    return undefined;
  }

  private async register(terminal: Jt808Terminal): Promise<string> {
    const plate = this.options.plate ?? '';
    const { result, code } = await terminal.register({
      edition: this.version,
      province: 0,
      city: 0,
      maker: 'SSHLD',
      model: this.options.model ?? 'SS-808',
      terminalId: this.terminalId,
      plateColour: plate ? 1 : 0,
      plate,
    });
    if (result !== REGISTRATION_RESULT.ok || !code) {
      this.problem(new Error(`registration refused (${result})`));
      return '';
    }
    this.counts.registrations += 1;
    await this.codes.set(this.terminalNo, code);
    return code;
  }

  /** Online until the connection ends: the backlog goes out first in batches, new positions as they are taken. */
  private async serve(terminal: Jt808Terminal): Promise<void> {
    this.online = true;
    this.counts.connects += 1;
    this.emit('online');
    this.touch();
    void this.pump();
    const told = this.upgradeResult;
    if (told) {
      this.upgradeResult = undefined;
      terminal.generalRequest(ID.upgradeResult, told).catch((error: unknown) => this.problem(error));
    }
    await terminal.closed;
    this.online = false;
    clearTimeout(this.heartbeatTimer);
    this.emit('offline');
  }

  /** 0x9208: answered at once; the alarm's picture and clip go up on a connection of their own. */
  private sendAttachments(terminal: Jt808Terminal, packet: Packet): void {
    const { id, serial } = packet.header;
    terminal.send(ID.terminalReply, writeGeneralReply({ serial, id, result: REPLY_RESULT.ok }));
    const request = readAttachmentRequest(packet.body);
    const alarm = this.alarmFiles.get(`${request.mark.time}:${request.mark.serial}`);
    if (!alarm) {
      this.problem(new Error(`0x9208 for an alarm it does not have: ${request.mark.time}`));
      return;
    }
    const alarmType = `${alarm.item.toString(16)}${alarm.type.toString(16).padStart(2, '0')}`;
    const files = (['picture', 'video'] as const).map((kind, index) => {
      const name = alarmFileName(kind, 1, alarmType, index, request.alarmNumber);
      const type = kind === 'picture' ? ATTACHMENT_TYPE.picture : ATTACHMENT_TYPE.video;
      return { name, type, bytes: evidenceFile(this.terminalNo, request.alarmNumber, { id: name, kind }).bytes };
    });
    const lose = this.loseNextPieces;
    this.loseNextPieces = undefined;
    const upload = uploadAttachments(request, files, {
      terminal: this.terminalNo,
      version: this.version,
      terminalId: this.terminalId,
      lose,
      replyTimeoutMs: this.options.replyTimeoutMs,
    })
      .then((outcome) => {
        this.counts.attachmentsStored += outcome.stored;
        this.counts.attachmentPiecesResent += outcome.resent;
        this.emit('attachments', request.alarmNumber, outcome);
      })
      .catch((error: unknown) => this.problem(error));
    this.inflight.add(upload);
    void upload.finally(() => this.inflight.delete(upload));
  }

  /**
   * 0x8801: takes the pictures asked for (the camera's picture of the moment), names them in 0x0805, and uploads each
   * as 0x0801 with where the vehicle is, in sub-packages, until the platform's 0x8800 says it is whole.
   */
  private capture(terminal: Jt808Terminal, packet: Packet): void {
    const { channel, count } = readCapture(packet.body);
    const mediaIds = Array.from({ length: Math.min(count, 4) }, () => {
      this.lastMediaId = (this.lastMediaId + 1) >>> 0;
      return this.lastMediaId;
    });
    terminal.send(ID.captureReply, writeCaptureReply({ serial: packet.header.serial, result: CAPTURE_RESULT.ok, mediaIds }));
    const upload = (async () => {
      for (const mediaId of mediaIds) {
        const { bytes } = evidenceFile(this.terminalNo, `capture-${mediaId}`, { id: `${mediaId}.jpg`, kind: 'picture' });
        const location = this.locationNow();
        const answered = terminal.next(ID.mediaReply);
        terminal.send(
          ID.mediaUpload,
          writeMediaUpload({
            mediaId,
            type: MEDIA_TYPE.image,
            format: MEDIA_FORMAT.jpeg,
            event: MEDIA_EVENT.platform,
            channel,
            location,
            data: bytes,
          }),
        );
        const { missing } = readMediaReply((await answered).body);
        if (missing.length > 0) throw new Error(`picture ${mediaId}: the platform misses ${missing.length} package(s)`);
        this.counts.picturesStored += 1;
        this.emit('picture', mediaId);
      }
    })().catch((error: unknown) => this.problem(error));
    this.inflight.add(upload);
    void upload.finally(() => this.inflight.delete(upload));
  }

  /**
   * 0x8108, joined from its sub-packages (each answered by the terminal): installs the package (its version becomes
   * the one it runs, unless `upgradeFailure`), restarts after `installMs`, and tells the result with 0x0108 once it is
   * connected again.
   */
  private install(terminal: Jt808Terminal, packet: Packet): void {
    const { id, serial } = packet.header;
    const upgrade = readUpgrade(packet.body);
    terminal.send(ID.terminalReply, writeGeneralReply({ serial, id, result: REPLY_RESULT.ok }));
    const ok = !this.failNextUpgrade;
    this.failNextUpgrade = false;
    const timer = setTimeout(() => {
      if (ok) this.software = upgrade.version;
      this.upgradeResult = writeUpgradeResult(upgrade.type, ok ? UPGRADE_RESULT.ok : UPGRADE_RESULT.failed);
      this.emit('upgraded', upgrade.version, ok, upgrade.data);
      void terminal.close();
    }, this.options.installMs ?? 2_000);
    timer.unref();
  }

  /** The IMEI the 2019 authentication carries: 15 digits, the same for the same terminal. */
  private get imei(): string {
    return `86${String(hashSeed(this.terminalNo, 'imei')).padStart(13, '0').slice(-13)}`;
  }

  /** The drive stepped to `now`, and where it is. */
  private advance(now: number) {
    this.drive.step(now - this.lastStepAt);
    this.lastStepAt = Math.max(this.lastStepAt, now);
    return this.drive.sample();
  }

  /** A position report of now: Beijing time, speed, heading, odometer, signal and satellites, and the alarms that are on. */
  private locationNow(now = Date.now(), safety: SafetyAlarm[] = []): Location {
    const sample = this.advance(now);
    // The receiver's satellites drift by one now and then, as the sky and the buildings change.
    const drift = this.random();
    this.satellitesInView = Math.max(4, Math.min(18, this.satellitesInView + (drift < 0.1 ? -1 : drift > 0.9 ? 1 : 0)));
    const ignition = this.drive.phase === 'arrived' ? 0 : 1 << STATUS_BIT.ignition;
    const report = location({
      lat: sample.lat,
      lng: sample.lng,
      time: beijingTime(now),
      alarm: this.alarmWord,
      status: ignition | (1 << STATUS_BIT.located),
      altitude: this.altitude,
      speed: sample.speed,
      heading: sample.heading,
      mileage: Math.round((this.startKm + this.drive.odometerM / 1000) * 10) / 10,
      signal: csqOf(sample.dbm),
      satellites: this.satellitesInView,
      safety,
    });
    this.counts.positions += 1;
    this.emit('position', Math.floor(now / 1000) * 1000, report);
    return report;
  }

  /** Sends a report live when online; kept for the backlog when offline or when it was not acknowledged. */
  private report(report: Location): Promise<boolean> {
    const terminal = this.terminal;
    if (!this.online || !terminal) {
      this.keep([report]);
      return Promise.resolve(false);
    }
    const sent = terminal.location(report).then(
      (reply) => this.answered(reply.result, [report]),
      (error: unknown) => {
        this.problem(error);
        this.keep([report]);
        return false;
      },
    );
    this.touch();
    return this.track(sent);
  }

  /** The backlog in batches (0x0704, type 1), oldest first, while online. */
  private pump(): Promise<void> {
    this.pumping ??= (async () => {
      while (this.online && this.terminal && this.backlog.length > 0) {
        const batch = this.backlog.splice(0, BATCH_POSITIONS);
        this.touch();
        try {
          const reply = await this.terminal.batch(batch, true);
          if (!this.answered(reply.result, batch)) break;
        } catch (error) {
          this.problem(error);
          this.keep(batch, true);
          break;
        }
      }
    })().finally(() => {
      this.pumping = undefined;
    });
    return this.pumping;
  }

  /** Acknowledged: counted. Failed on the platform's side: kept to be sent again. Refused as malformed or unsupported: given up. */
  private answered(result: number, reports: Location[]): boolean {
    if (result === REPLY_RESULT.ok || result === REPLY_RESULT.alarmAcknowledged) {
      this.counts.positionsAcked += reports.length;
      return true;
    }
    if (result === REPLY_RESULT.failed) this.keep(reports, true);
    this.problem(new Error(`report answered ${result}`));
    return false;
  }

  /** Keeps reports for the backlog (in front when they were taken from it), the oldest dropped beyond its size. */
  private keep(reports: Location[], front = false): void {
    if (front) this.backlog.unshift(...reports);
    else this.backlog.push(...reports);
    if (this.backlog.length > MAX_BACKLOG) this.backlog.splice(0, this.backlog.length - MAX_BACKLOG);
  }

  /** Everything under way answered, then the backlog sent. */
  private async drain(): Promise<void> {
    while (this.inflight.size > 0) await Promise.allSettled([...this.inflight]);
    await this.pump();
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.inflight.add(work);
    void work.finally(() => this.inflight.delete(work));
    return work;
  }

  /** Something was sent: the heartbeat waits another `heartbeatMs`. */
  private touch(): void {
    clearTimeout(this.heartbeatTimer);
    if (!this.online || this.stopped) return;
    this.heartbeatTimer = setTimeout(() => {
      const terminal = this.terminal;
      if (!this.online || !terminal) return;
      this.touch();
      terminal.heartbeat().catch((error: unknown) => this.problem(error));
    }, this.heartbeatMs);
    this.heartbeatTimer.unref();
  }

  /** Waits `ms`, or less when stop() wakes it. */
  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }

  private problem(error: unknown): void {
    if (this.listenerCount('problem') > 0) this.emit('problem', error instanceof Error ? error : new Error(String(error)));
  }
}
