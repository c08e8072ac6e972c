import { EventEmitter } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { compiled, type HelloUp, type LocalAction } from '@safety-shield/contract/device';
import type { MqttClient } from 'mqtt';
import { type CommandHandler, credentialCommand } from './commands.js';
import { memoryConfigStore, type RunningConfig } from './config-store.js';
import { type CredentialStore, memoryCredentialStore } from './credentials.js';
import { DeviceConfig } from './device-config.js';
import { DeviceEvidence } from './device-evidence.js';
import { DeviceLock } from './device-lock.js';
import {
  DEFAULT_FIRMWARE,
  DEFAULT_GPS_BATCH,
  DEFAULT_GPS_INTERVAL_MS,
  DEFAULT_REBOOT_MS,
  type DeviceStats,
  type SimDeviceEvents,
  type SimDeviceOptions,
} from './device-options.js';
import { CommandDispatcher } from './dispatch.js';
import type { ShownPicture } from './display-picture.js';
import { Drive, type DriveSample } from './drive.js';
import { dvrIndexCommand } from './dvr.js';
import { Firmware, type UpgradeStatus } from './firmware.js';
import { GeofenceWatch } from './geofence.js';
import { GpsReporter, type GpsSettings } from './gps-reporter.js';
import { GpsSender } from './gps-sender.js';
import { channelsOf, helloOf } from './hardware.js';
import type { SimFault } from './health.js';
import { HealthReporter } from './health-reporter.js';
import { IncidentReporter } from './incident-reporter.js';
import type { IncidentOverrides, IncidentType } from './incidents.js';
import { LiveStreams } from './live.js';
import type { GpsPoint } from './messages.js';
import { hashSeed } from './random.js';
import { logUploadCommand, RuntimeLog } from './runtime-log.js';
import { DeviceSession, DRAIN_TIMEOUT_MS } from './session.js';
import { SosButton } from './sos-button.js';
import { memoryFirmwareStore, memoryLockStore } from './state-stores.js';

/**
 * One simulated DVR speaking docs/device-protocol.md over mqtt.js: puts together its connection (DeviceSession), its
 * commands (CommandDispatcher), and what it reports: GPS, incidents and their evidence, health, S.O.S, live video.
 */
export class SimDevice extends EventEmitter<SimDeviceEvents> {
  readonly uuid: string;
  readonly drive: Drive;
  /** Live video: one ffmpeg per stream the portal asked for (docs/device-protocol.md, `live`). */
  readonly live: LiveStreams;
  private readonly hello: HelloUp;
  private readonly session: DeviceSession;
  private readonly commands: CommandDispatcher;
  private readonly gps: GpsReporter;
  private readonly gpsSender: GpsSender;
  private readonly evidence: DeviceEvidence;
  private readonly incidents: IncidentReporter;
  private readonly health: HealthReporter;
  private readonly sos: SosButton;
  private readonly config: DeviceConfig;
  /** What happened to the device, uploaded on order (`logUpload`). */
  readonly runtimeLog = new RuntimeLog();
  /** The configuration's alarm areas, watched over each GPS sample. */
  private readonly geofence: GeofenceWatch;
  /** The firmware it runs and the upgrade it works on (`upgrade`). */
  private readonly firmware: Firmware;
  /** The lock against local changes (`lock`). */
  private readonly lock: DeviceLock;
  /** The texts the portal showed the driver (`driverText`), oldest first. */
  readonly driverTexts: { text: string; readAloud: boolean; at: number }[] = [];

  constructor(options: SimDeviceOptions) {
    super();
    this.uuid = options.uuid;
    if (!/^[A-Za-z0-9._-]{1,64}$/.test(this.uuid)) throw new Error(`invalid device uuid ${this.uuid}`);
    const seed = options.seed ?? hashSeed(this.uuid);
    const credentials: CredentialStore = options.credentials ?? memoryCredentialStore();
    const problem = (error: Error) => this.emit('problem', error);
    this.session = new DeviceSession(options, seed, credentials, {
      connect: () => this.emit('connect'),
      announce: () => this.announce(),
      message: (topic, payload) => void this.commands.receive(topic, payload),
      offline: () => this.emit('offline'),
      problem,
    });
    this.commands = new CommandDispatcher(this.uuid, {
      down: (kind, message) => this.emit('down', kind, message),
      ack: (payload) => this.session.publish('ack', payload, { urgent: true }),
      problem,
    });
    this.drive = new Drive({ seed, speedFactor: options.speedFactor ?? 1 });
    this.hello = helloOf(options, seed);
    const { version, model } = this.hello;
    if (!compiled.up.hello.Check({ version })) throw new Error(`invalid firmware version ${version}: 1–64 characters`);
    if (!compiled.up.hello.Check({ model })) throw new Error(`invalid model ${model}: 1–64 printable ASCII characters, no space`);
    const channels = () => channelsOf(this.hello);
    // The configuration first: a stored one sets the GPS interval and batch from the start.
    this.config = new DeviceConfig({
      uuid: this.uuid,
      store: options.configStore ?? memoryConfigStore(),
      factory: {
        gps: { gpsIntervalMs: options.gpsIntervalMs ?? DEFAULT_GPS_INTERVAL_MS, gpsBatch: options.gpsBatch ?? DEFAULT_GPS_BATCH },
        channels: channels(),
      },
      channels,
      refuse: options.refuseConfig,
      applied: () => {
        this.runtimeLog.note(`configuration version ${this.config.current.version} applied`);
        this.gps.configure(this.config.gps);
        this.geofence.setAreas(this.config.alarmAreas);
      },
    });
    this.geofence = new GeofenceWatch(this.config.alarmAreas);
    this.gps = new GpsReporter(this.drive, this.config.gps, (point) => {
      this.watchAreas(point);
      void this.gpsSender.flush();
    });
    this.gpsSender = new GpsSender(this.gps, this.session);
    this.evidence = new DeviceEvidence(options, {
      publish: (payload) => this.session.publish('upload', payload),
      problem,
      channels,
    });
    this.incidents = new IncidentReporter(options, seed, this.session, this.drive, channels, this.evidence, {
      detects: (type) => this.config.detects(type),
      evidence: () => this.config.evidence(),
    });
    this.health = new HealthReporter(options.faultEveryMs, seed, this.session, channels);
    this.sos = new SosButton(this.session, this.drive);
    this.live = new LiveStreams(channels, problem, (channel) => this.config.video(channel));
    const note = (text: string) => this.runtimeLog.note(text);
    this.firmware = new Firmware({
      uuid: this.uuid,
      store: options.firmwareStore ?? memoryFirmwareStore(),
      factory: options.firmware ?? DEFAULT_FIRMWARE,
      dir: join(options.downloadDir ?? join(tmpdir(), 'safety-shield-sim'), this.uuid),
      rebootMs: options.rebootMs ?? DEFAULT_REBOOT_MS,
      failure: options.upgradeFailure,
      hooks: {
        progress: (report) => this.session.publish('upgradeProgress', report),
        note,
        shutDown: async () => {
          this.live.stopAll();
          await this.goodbye();
        },
        bootUp: () => this.session.reconnect(),
        powerCut: (offMs) => {
          this.live.stopAll();
          this.session.powerCut(offMs);
        },
      },
    });
    this.lock = new DeviceLock(this.uuid, options.lockStore ?? memoryLockStore(), this.session, note);

    this.evidence.handleCommands(this.commands);
    this.handle('live', this.live.command());
    this.handle('dvrIndex', dvrIndexCommand(this.uuid, channels));
    this.handle('credential', credentialCommand(this.uuid, credentials));
    this.handle('config', this.config.command());
    this.handle('configGet', this.config.getCommand());
    this.handle('logUpload', logUploadCommand(this.uuid, this.runtimeLog));
    this.handle('upgrade', this.firmware.command());
    this.handle('upgradeCancel', this.firmware.cancelCommand());
    this.handle('lock', this.lock.command());
    this.handle('driverText', ({ text, readAloud }) => {
      this.driverTexts.push({ text, readAloud, at: Date.now() });
      note(`shown to the driver: ${text}`);
      return { ok: true };
    });
    // What the runtime log keeps: the device's own events, as it sees them.
    this.on('connect', () => this.runtimeLog.note('connected'));
    this.on('offline', () => this.runtimeLog.note('offline'));
    this.on('problem', (error: Error) => this.runtimeLog.note(`problem: ${error.message}`));
    this.on('down', (kind: string, message: { id?: string; version?: number }) =>
      this.runtimeLog.note(`received ${kind} ${message.id ?? ''}${message.version === undefined ? '' : ` version ${message.version}`}`),
    );
  }

  /** The mqtt.js client (after start()). */
  get client(): MqttClient {
    return this.session.client;
  }

  get connected(): boolean {
    return this.session.connected;
  }

  /** Where the vehicle was at the last GPS sample. */
  get position(): DriveSample {
    return this.drive.sample();
  }

  get gpsSettings(): GpsSettings {
    return this.gps.settings;
  }

  /**
   * The configuration it runs (docs/device-protocol.md, `config`): the version it applied (0: none, the factory one)
   * and the whole document, factory values filled in for what the applied one leaves out.
   */
  get configuration(): RunningConfig {
    return this.config.current;
  }

  /** The display picture it shows (its id, size and SHA-256), fetched with the configuration that named it. */
  get displayPicture(): ShownPicture | undefined {
    return this.config.displayPicture;
  }

  /** The firmware version it runs (sent in `hello`): its `firmware` option, or the one an upgrade installed. */
  get firmwareVersion(): string {
    return this.firmware.version;
  }

  /** Its hardware model (sent in `hello`). */
  get model(): string {
    return this.hello.model ?? '';
  }

  /** The firmware upgrade it works on (docs/device-protocol.md, `upgrade`): its id, version, phase and percent. */
  get upgrade(): UpgradeStatus | undefined {
    return this.firmware.status;
  }

  /**
   * Every `Range` header it sent with a firmware package GET, in order (`bytes=N-`: it held N bytes and asked for the
   * rest); a GET from the first byte sends none and is not listed.
   */
  get downloadRanges(): readonly string[] {
    return this.firmware.ranges;
  }

  /** Whether the portal locked it against local changes (docs/device-protocol.md, `lock`). */
  get locked(): boolean {
    return this.lock.locked;
  }

  /**
   * A driver tries a local action at the device: change its settings, format its storage or stop recording.
   * Unlocked, it is done (noted in the runtime log): true. Locked, it is refused and reported (`up/tamper`, at the
   * time it was tried; sent at the next connection when offline): false.
   */
  localAction(action: LocalAction): boolean {
    return this.lock.tryLocal(action);
  }

  /** Whether start() was called (a fleet may keep a device offline until then). */
  get started(): boolean {
    return this.session.started;
  }

  get stats(): DeviceStats {
    const uploads = this.evidence.counts;
    return {
      ...this.session.counts,
      ...this.gpsSender.counts,
      ...this.incidents.counts,
      ...this.session.up.counts,
      connected: this.connected,
      inflight: this.session.up.inflight,
      backlog: this.gps.backlog,
      evidenceUploaded: uploads.uploaded,
      evidenceFailedTries: uploads.failedTries,
      evidenceAbandoned: uploads.abandoned,
      evidenceHeld: uploads.held,
    };
  }

  /**
   * Answers a down command kind (replacing any handler of that kind); unknown kinds are answered `ok: false`. A
   * protocol kind's handler gets only messages its schema accepts.
   */
  handle<K extends string>(kind: K, handler: CommandHandler<K>): void {
    this.commands.handle(kind, handler);
  }

  /** Connects and starts reporting; resolves true on the first CONNACK 0, false if the first attempt fails. */
  start(): Promise<boolean> {
    if (this.session.started) return Promise.resolve(this.connected);
    const connected = this.session.start();
    this.gps.start();
    this.incidents.start();
    this.health.start();
    return connected;
  }

  /**
   * Publishes `dev/{uuid}/up/{kind}` with QoS 1 and the envelope (v, id, at) added; `at` may be given in the payload.
   * Waits while 100 messages are unacknowledged; resolves true on PUBACK, false if the device ended first.
   */
  publish(kind: string, payload: Record<string, unknown> = {}, options: { retain?: boolean; urgent?: boolean } = {}): Promise<boolean> {
    return this.session.publish(kind, payload, options);
  }

  /**
   * Raises an incident now, at the current position and speed, with the files its configuration's `evidence` asks for
   * (by default one picture and one 20 s video per channel); any field may be overridden. It is published
   * (`up/incident`) as soon as the device is announced on a connection, kept until then. Returns its message id.
   * Throws for a detection its configuration switched off (`detections`): the device cannot see it, so a test that
   * asks for one learns so at once instead of waiting for an incident that never comes.
   */
  raiseIncident(type: IncidentType, overrides: IncidentOverrides = {}): string {
    return this.incidents.raise(type, overrides);
  }

  /** True between pressSos() and releaseSos(). */
  get sosActive(): boolean {
    return this.sos.active;
  }

  /**
   * Presses the S.O.S button (`up/sos` start, at the current position and the device's local time); pressing again
   * while held does nothing. Resolves with the start message id once the portal acknowledged it (null if offline).
   */
  pressSos(): Promise<string | null> {
    return this.sos.press();
  }

  /** Releases the S.O.S button (`up/sos` stop naming the press); resolves true once acknowledged. */
  releaseSos(): Promise<boolean> {
    return this.sos.release();
  }

  /** The running-status faults the device has now. */
  get faults(): readonly SimFault[] {
    return this.health.faults;
  }

  /**
   * Replaces the device's running-status faults (an empty list: all well) and reports the whole set (`up/health`);
   * resolves true once acknowledged, false if offline (the set goes out at the next connection).
   */
  setFaults(faults: readonly SimFault[]): Promise<boolean> {
    return this.health.set(faults);
  }

  /** Cuts the connection abruptly, as a lost network would: the broker publishes the last will; mqtt.js reconnects in a few seconds. */
  drop(): void {
    this.session.drop();
  }

  /** Goes offline properly: `status` offline, then DISCONNECT (no last will). Reporting pauses until reconnect(). */
  disconnect(): Promise<void> {
    return this.session.goOffline(Date.now() + DRAIN_TIMEOUT_MS);
  }

  /** After disconnect(): connects again. After a lost connection: tries now instead of at the next retry. */
  reconnect(): void {
    this.session.reconnect();
  }

  /** Stops for good: the last GPS points and `status` offline are sent (if connected), then the connection ends. */
  async stop(): Promise<void> {
    if (this.session.stopped) return;
    this.session.stop();
    this.firmware.stop();
    this.evidence.stop();
    this.live.stopAll();
    this.gps.stop();
    this.incidents.stop();
    this.health.stop();
    await this.goodbye();
  }

  /** Going offline properly: the last GPS points and `status` offline (if connected), then DISCONNECT. */
  private async goodbye(): Promise<void> {
    if (!this.session.open) return;
    // One deadline for the whole goodbye, so a broker that stopped acknowledging holds us back 5 s, not 5 s per step.
    const deadline = Date.now() + DRAIN_TIMEOUT_MS;
    if (this.connected) await this.gpsSender.drain(deadline);
    await this.session.goOffline(deadline);
  }

  /**
   * Each GPS sample goes past the alarm areas (docs/device-protocol.md, `config`): every event they raise is an
   * incident of its type at the sample's time, place and speed, with the evidence the configuration asks for.
   */
  private watchAreas(point: GpsPoint): void {
    for (const event of this.geofence.update(point)) {
      this.incidents.raiseByRule(event.type, {
        triggerAt: point.t,
        lat: point.lat,
        lng: point.lng,
        speed: point.speed,
        description: event.description,
      });
    }
  }

  /**
   * After `status` online at every connection (docs/device-protocol.md, Example session): hello (with the firmware it
   * runs now), health, the configuration it runs (`configReport`) and its lock (`lockState`) overtake queued GPS.
   */
  private announce(): void {
    void this.session.publish('hello', { ...this.hello, version: this.firmware.version }, { urgent: true });
    void this.health.report();
    void this.session.publish('configReport', this.config.report, { urgent: true });
    void this.lock.report();
    this.lock.sendUnsent();
    void this.incidents.send();
    void this.gpsSender.flush();
  }
}
