import { EventEmitter } from 'node:events';
import type { HelloUp, IncidentUp, SosUp, UpKind, UpPayload } from '@safety-shield/contract/device';
import { connect, ErrorWithReasonCode, type IClientOptions, type MqttClient } from 'mqtt';
import { type CommandHandler, type CommandResult, configCommand, credentialCommand } from './commands.js';
import { type CredentialStore, memoryCredentialStore } from './credentials.js';
import { Drive, type DriveSample } from './drive.js';
import { dvrIndexCommand } from './dvr.js';
import { evidenceRequestCommand, HeldEvidence } from './evidence-requests.js';
import { GpsReporter, type GpsSettings } from './gps-reporter.js';
import { healthPayload, randomFault, type SimFault, withFault } from './health.js';
import { type IncidentMix, type IncidentOverrides, type IncidentType, incidentPayload, pickIncidentType } from './incidents.js';
import { LiveStreams } from './live.js';
import { checkDown, type DownMessage, downFilter, downKind, iccidFor, PROTOCOL_VERSION, parseDown, upTopic } from './messages.js';
import { UpPublisher } from './publisher.js';
import { exponential, hashSeed, PoissonSchedule, pick, type Random, seededRandom, uniform } from './random.js';
import { sosStartPayload, sosStopPayload } from './sos.js';
import { EvidenceUploader, type UploaderOptions } from './uploads.js';

export interface SimDeviceOptions {
  uuid: string;
  brokerUrl: string;
  /** Password of a device that holds no secret yet (`pk_…`). */
  provisioningKey?: string;
  /** Where the secret from `down/credential` is kept; in memory if absent. */
  credentials?: CredentialStore;
  /** Default 1000. */
  gpsIntervalMs?: number;
  /** Default 5. */
  gpsBatch?: number;
  /** Seeds the drive, the hardware (ICCID, channels) and the link's randomness; derived from the uuid if absent. */
  seed?: number;
  /** Drive time compression (see Drive). */
  speedFactor?: number;
  /** Mean time between random connection losses (exponential); none if absent. */
  disconnectEveryMs?: number;
  /** Wait before reconnecting after a lost connection, drawn between min and max; default 2–5 s. */
  reconnectDelayMs?: { min: number; max: number };
  /** Firmware version sent in `hello`. */
  firmware?: string;
  channels?: number;
  name?: string;
  iccid?: string;
  /** Mean time between incidents the device raises by itself (exponential); none if absent. */
  incidentEveryMs?: number;
  /** Mean time between running-status faults the device develops by itself (exponential; each lasts 2–20 min); none if absent. */
  faultEveryMs?: number;
  /** Weights of the incident types raised by itself; default DEFAULT_INCIDENT_MIX. */
  incidentMix?: IncidentMix;
  /** Upload each acknowledged incident's evidence (`up/upload`); default true when incidentEveryMs is set. */
  uploadEvidence?: boolean;
  /**
   * Which files of an incident go up by themselves once it is filed (when uploadEvidence is on): all (default), only
   * the pictures, or none; the rest waits on the card for the portal's `evidenceRequest`.
   */
  autoUpload?: 'all' | 'pictures' | 'none';
  /** Tuning of the evidence uploads (time-outs, retries, a fetch to use instead of Node's). */
  upload?: Pick<UploaderOptions, 'fetch' | 'urlTimeoutMs' | 'retryDelayMs' | 'maxTries'>;
  /** Unacknowledged publishes allowed at once (the protocol says 100). */
  maxInflight?: number;
  /** Passed to mqtt.js last, e.g. a shorter connectTimeout in tests. */
  mqtt?: Partial<IClientOptions>;
}

export interface DeviceStats {
  connected: boolean;
  /** Successful connections (CONNACK 0). */
  connects: number;
  /** Connections refused or failed. */
  refused: number;
  /** Connections lost (not counting a graceful disconnect). */
  drops: number;
  /** Up messages handed to MQTT, and those the broker acknowledged. */
  published: number;
  acked: number;
  pointsSent: number;
  pointsAcked: number;
  inflight: number;
  /** GPS points sampled and not yet published. */
  backlog: number;
  /** Incidents raised, and those the broker acknowledged. */
  incidents: number;
  incidentsAcked: number;
  /** Evidence resources uploaded (state 6 reported), failed tries, resources given up, and ones the portal held back. */
  evidenceUploaded: number;
  evidenceFailedTries: number;
  evidenceAbandoned: number;
  evidenceHeld: number;
}

export interface SimDeviceEvents {
  /** Every well-formed down message, before its command runs. */
  down: [kind: string, message: DownMessage];
  connect: [];
  offline: [];
  /** Something went wrong that the device rides out: a refused connection, a malformed command, a failed ack. */
  problem: [error: Error];
}

export const DEFAULT_GPS_INTERVAL_MS = 1_000;
export const DEFAULT_GPS_BATCH = 5;
const DEFAULT_FIRMWARE = 'sim-1.0.0';
/** docs/device-protocol.md: keep-alive 30 s, at most 100 messages in flight. */
const KEEPALIVE_S = 30;
const MAX_INFLIGHT = 100;
const DEFAULT_RECONNECT_DELAY_MS = { min: 2_000, max: 5_000 };
/** Back-off ceiling after refused connections, so a fleet with a wrong key does not hammer the portal. */
const MAX_RETRY_MS = 60_000;
/** Incidents kept while the device cannot send them; beyond this the oldest is forgotten, as a full DVR card would. */
const MAX_QUEUED_INCIDENTS = 1_000;
/** How long stop() and disconnect() wait for outstanding acknowledgements before cutting the line. */
const DRAIN_TIMEOUT_MS = 5_000;

/** One simulated DVR speaking docs/device-protocol.md over mqtt.js. */
export class SimDevice extends EventEmitter<SimDeviceEvents> {
  readonly uuid: string;
  readonly drive: Drive;
  private readonly options: SimDeviceOptions;
  private readonly credentials: CredentialStore;
  private readonly random: Random;
  private readonly up: UpPublisher;
  private readonly gps: GpsReporter;
  private readonly commands = new Map<string, CommandHandler>();
  private readonly hello: HelloUp;
  private mqttClient: MqttClient | undefined;
  private flushing = false;
  /** The broker holds our down subscription in the session (a SUBACK came since the last session-less connect). */
  private subscribed = false;
  /** Status and hello are out on this connection: GPS may follow. Offline, points wait in the backlog. */
  private announced = false;
  /** Between a CONNACK and the close of that connection. */
  private online = false;
  /** Set by disconnect()/stop(): no publishing until reconnect(). */
  private ended = false;
  private stopped = false;
  private retryMs: number;
  private dropTimer: NodeJS.Timeout | undefined;
  private readonly counts = { connects: 0, refused: 0, drops: 0, pointsSent: 0, pointsAcked: 0, incidents: 0, incidentsAcked: 0 };
  private readonly incidentRandom: Random;
  private readonly incidentSchedule: PoissonSchedule;
  private readonly faultSchedule: PoissonSchedule;
  /** The running-status faults the device has now (`up/health`). */
  private faultSet: SimFault[] = [];
  private readonly faultTimers = new Set<NodeJS.Timeout>();
  /** Incidents raised and not yet handed to MQTT (offline, or waiting for a publish slot). */
  private readonly incidentQueue: Array<{ id: string; payload: IncidentUp }> = [];
  private sendingIncidents = false;
  private readonly uploader: EvidenceUploader;
  private readonly uploadEvidence: boolean;
  private readonly held = new HeldEvidence();
  /** Live video: one ffmpeg per stream the portal asked for (docs/device-protocol.md, `live`). */
  readonly live: LiveStreams;

  constructor(options: SimDeviceOptions) {
    super();
    this.options = options;
    this.uuid = options.uuid;
    if (!/^[A-Za-z0-9._-]{1,64}$/.test(this.uuid)) throw new Error(`invalid device uuid ${this.uuid}`);
    const seed = options.seed ?? hashSeed(this.uuid);
    this.random = seededRandom(hashSeed(seed, 'link'));
    this.credentials = options.credentials ?? memoryCredentialStore();
    this.up = new UpPublisher(this.uuid, options.maxInflight ?? MAX_INFLIGHT);
    this.drive = new Drive({ seed, speedFactor: options.speedFactor ?? 1 });
    const settings = { gpsIntervalMs: options.gpsIntervalMs ?? DEFAULT_GPS_INTERVAL_MS, gpsBatch: options.gpsBatch ?? DEFAULT_GPS_BATCH };
    this.gps = new GpsReporter(this.drive, settings, () => void this.flushGps());
    this.retryMs = this.reconnectDelay();
    const hardware = seededRandom(hashSeed(seed, 'hardware'));
    this.hello = {
      version: options.firmware ?? DEFAULT_FIRMWARE,
      iccid: options.iccid ?? iccidFor(Math.floor(hardware() * 2 ** 32)),
      channels: options.channels ?? pick(hardware, [1, 2, 4, 4, 4, 8]),
      name: options.name ?? `Sim ${this.uuid}`,
    };
    this.incidentRandom = seededRandom(hashSeed(seed, 'incidents'));
    this.incidentSchedule = new PoissonSchedule(this.incidentRandom, options.incidentEveryMs ?? 0, () => {
      this.raiseIncident(pickIncidentType(this.incidentRandom, options.incidentMix));
    });
    const faultRandom = seededRandom(hashSeed(seed, 'faults'));
    this.faultSchedule = new PoissonSchedule(faultRandom, options.faultEveryMs ?? 0, () => {
      const { fault, lastsMs } = randomFault(faultRandom, Number(this.hello.channels) || 1);
      void this.setFaults(withFault(this.faultSet, fault, true));
      const timer = setTimeout(() => {
        this.faultTimers.delete(timer);
        void this.setFaults(withFault(this.faultSet, fault, false));
      }, lastsMs);
      timer.unref();
      this.faultTimers.add(timer);
    });
    this.uploadEvidence = options.uploadEvidence ?? (options.incidentEveryMs ?? 0) > 0;
    this.uploader = new EvidenceUploader({
      uuid: this.uuid,
      ...options.upload,
      publish: (payload) => this.publish('upload', payload),
      problem: (error) => this.emit('problem', error),
      uploaded: (incidentMessageId, resourceId) => this.held.release(incidentMessageId, resourceId),
    });
    this.handle(
      'evidenceRequest',
      evidenceRequestCommand(
        this.held,
        () => Number(this.hello.channels) || 1,
        (incidentMessageId, resources, taskId) => this.uploader.enqueue(incidentMessageId, resources, taskId),
      ),
    );
    this.handle('cancelUpload', ({ taskId }) => {
      this.uploader.cancel(taskId);
      return { ok: true };
    });
    this.handle('uploadUrl', (message) =>
      this.uploader.offerUrl(message) ? { ok: true } : { ok: false, error: 'no upload waits for this URL' },
    );
    this.handle('uploadHeld', (message) =>
      this.uploader.offerHeld(message) ? { ok: true } : { ok: false, error: 'no upload waits for this answer' },
    );
    this.live = new LiveStreams(
      () => Number(this.hello.channels) || 1,
      (error) => this.emit('problem', error),
    );
    this.handle('live', this.live.command());
    this.handle(
      'dvrIndex',
      dvrIndexCommand(this.uuid, () => Number(this.hello.channels) || 1),
    );
    this.handle('credential', credentialCommand(this.uuid, this.credentials));
    this.handle(
      'config',
      configCommand((settings) => this.gps.configure(settings)),
    );
  }

  /** The mqtt.js client (after start()). */
  get client(): MqttClient {
    if (!this.mqttClient) throw new Error(`${this.uuid} is not started`);
    return this.mqttClient;
  }

  get connected(): boolean {
    return this.mqttClient?.connected === true;
  }

  /** Where the vehicle was at the last GPS sample. */
  get position(): DriveSample {
    return this.drive.sample();
  }

  get gpsSettings(): GpsSettings {
    return this.gps.settings;
  }

  get stats(): DeviceStats {
    return {
      ...this.counts,
      ...this.up.counts,
      connected: this.connected,
      inflight: this.up.inflight,
      backlog: this.gps.backlog,
      evidenceUploaded: this.uploader.counts.uploaded,
      evidenceFailedTries: this.uploader.counts.failedTries,
      evidenceAbandoned: this.uploader.counts.abandoned,
      evidenceHeld: this.uploader.counts.held,
    };
  }

  /**
   * Answers a down command kind (replacing any handler of that kind); unknown kinds are answered `ok: false`. A
   * protocol kind's handler gets only messages its schema accepts.
   */
  handle<K extends string>(kind: K, handler: CommandHandler<K>): void {
    this.commands.set(kind, handler as CommandHandler);
  }

  /** Connects and starts reporting; resolves true on the first CONNACK 0, false if the first attempt fails. */
  start(): Promise<boolean> {
    if (this.mqttClient) return Promise.resolve(this.connected);
    const client = connect(this.options.brokerUrl, {
      clientId: this.uuid,
      username: this.uuid,
      password: this.password(),
      clean: false,
      keepalive: KEEPALIVE_S,
      protocolVersion: 4,
      reconnectPeriod: this.retryMs,
      reconnectOnConnackError: true,
      // The device subscribes itself whenever the broker has no session for it (see onConnect).
      resubscribe: false,
      will: this.will(),
      ...this.options.mqtt,
    });
    this.mqttClient = client;
    client.on('reconnect', () => {
      // The password and the will are read at each CONNECT: a secret received meanwhile is used from now on.
      client.options.password = this.password();
      client.options.will = this.will();
    });
    client.on('connect', (connack) => this.onConnect(connack.sessionPresent));
    client.on('message', (topic, payload) => void this.onMessage(topic, payload));
    client.on('error', (error) => this.onError(error));
    client.on('close', () => this.onClose());
    this.gps.start();
    this.incidentSchedule.start();
    this.faultSchedule.start();
    return new Promise((resolve) => {
      const settle = (ok: boolean) => {
        client.off('connect', onOk);
        client.off('error', onFail);
        client.off('close', onFail);
        resolve(ok);
      };
      const onOk = () => settle(true);
      const onFail = () => settle(false);
      client.once('connect', onOk);
      client.once('error', onFail);
      client.once('close', onFail);
    });
  }

  /**
   * Publishes `dev/{uuid}/up/{kind}` with QoS 1 and the envelope (v, id, at) added; `at` may be given in the payload.
   * Waits while 100 messages are unacknowledged; resolves true on PUBACK, false if the device ended first.
   */
  async publish(
    kind: string,
    payload: Record<string, unknown> = {},
    options: { retain?: boolean; urgent?: boolean } = {},
  ): Promise<boolean> {
    const client = this.mqttClient;
    if (this.ended || !client) return false;
    await this.up.acquire(options.urgent);
    return this.up.send(client, kind, payload, options.retain === true);
  }

  /**
   * Raises an incident now, at the current position and speed, with one picture and one 20 s video per channel; any
   * field may be overridden. It is published (`up/incident`) as soon as the device is announced on a connection, kept
   * until then. Returns its message id.
   */
  raiseIncident(type: IncidentType, overrides: IncidentOverrides = {}): string {
    const id = this.up.nextId();
    const channels = Number(this.hello.channels) || 1;
    const payload = incidentPayload(
      id,
      type,
      { sample: this.drive.sample(), channels, random: this.incidentRandom, now: Date.now() },
      overrides,
    );
    this.counts.incidents++;
    // The files are on the card from now on, whether or not they go up by themselves.
    this.held.hold(id, payload.resources ?? []);
    this.incidentQueue.push({ id, payload });
    if (this.incidentQueue.length > MAX_QUEUED_INCIDENTS) this.incidentQueue.shift();
    void this.sendIncidents();
    return id;
  }

  /** The message id of the S.O.S press not released yet. */
  private sosStartId: string | undefined;

  /** True between pressSos() and releaseSos(). */
  get sosActive(): boolean {
    return this.sosStartId !== undefined;
  }

  /**
   * Presses the S.O.S button (`up/sos` start, at the current position and the device's local time); pressing again
   * while held does nothing. Resolves with the start message id once the portal acknowledged it (null if offline).
   */
  async pressSos(): Promise<string | null> {
    if (this.sosStartId !== undefined) return this.sosStartId;
    const id = this.up.nextId();
    this.sosStartId = id;
    return (await this.sendSos(sosStartPayload(this.drive.sample()), id)) ? id : null;
  }

  /** Releases the S.O.S button (`up/sos` stop naming the press); resolves true once acknowledged. */
  async releaseSos(): Promise<boolean> {
    const startId = this.sosStartId;
    if (startId === undefined) return false;
    this.sosStartId = undefined;
    return this.sendSos(sosStopPayload(startId));
  }

  private async sendSos(payload: SosUp, id?: string): Promise<boolean> {
    const client = this.mqttClient;
    if (this.ended || !client) return false;
    // An alarm overtakes queued GPS batches.
    await this.up.acquire(true);
    return this.up.send(client, 'sos', payload, false, id);
  }

  /** The running-status faults the device has now. */
  get faults(): readonly SimFault[] {
    return this.faultSet;
  }

  /**
   * Replaces the device's running-status faults (an empty list: all well) and reports the whole set (`up/health`);
   * resolves true once acknowledged, false if offline (the set goes out at the next connection).
   */
  async setFaults(faults: readonly SimFault[]): Promise<boolean> {
    this.faultSet = [...faults];
    if (!this.announced) return false;
    return this.publishUrgent('health', healthPayload(this.faultSet));
  }

  /** Cuts the connection abruptly, as a lost network would: the broker publishes the last will; mqtt.js reconnects in a few seconds. */
  drop(): void {
    const client = this.mqttClient;
    if (!client?.connected) return;
    client.options.reconnectPeriod = this.reconnectDelay();
    client.stream.destroy();
  }

  /** Goes offline properly: `status` offline, then DISCONNECT (no last will). Reporting pauses until reconnect(). */
  disconnect(): Promise<void> {
    return this.goOffline(Date.now() + DRAIN_TIMEOUT_MS);
  }

  /** After disconnect(): connects again. After a lost connection: tries now instead of at the next retry. */
  reconnect(): void {
    const client = this.mqttClient;
    if (!client || this.stopped || client.connected) return;
    if (this.ended) {
      this.ended = false;
      client.reconnect();
    } else {
      // Keep the session's stores, so messages waiting for their PUBACK are sent again.
      client.reconnect({ incomingStore: client.incomingStore, outgoingStore: client.outgoingStore });
    }
  }

  /** Stops for good: the last GPS points and `status` offline are sent (if connected), then the connection ends. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.uploader.stop();
    this.live.stopAll();
    this.gps.stop();
    this.incidentSchedule.stop();
    this.faultSchedule.stop();
    for (const timer of this.faultTimers) clearTimeout(timer);
    clearTimeout(this.dropTimer);
    if (!this.mqttClient || this.ended) return;
    // One deadline for the whole goodbye, so a broker that stopped acknowledging holds us back 5 s, not 5 s per step.
    const deadline = Date.now() + DRAIN_TIMEOUT_MS;
    if (this.connected) {
      while (this.flushing && Date.now() < deadline) await delay(20);
      if (!this.flushing) await withTimeout(this.flushGps(true), deadline - Date.now());
    }
    await this.goOffline(deadline);
  }

  private onConnect(sessionPresent: boolean): void {
    this.counts.connects++;
    this.online = true;
    this.retryMs = this.reconnectDelay();
    this.client.options.reconnectPeriod = this.retryMs;
    this.emit('connect');
    this.scheduleDrop();
    if (!sessionPresent) this.subscribed = false;
    if (this.subscribed) this.announce();
    else this.subscribe();
  }

  /**
   * Subscribes to the device's down topics, then announces itself: the portal answers hello with commands (the
   * credential), which must not reach the broker before the subscription does.
   */
  private subscribe(): void {
    const client = this.client;
    const filter = downFilter(this.uuid);
    client.subscribe(filter, { qos: 1 }, (error, granted) => {
      // The connection went before the SUBACK: the next connection subscribes again (its session may lack it).
      if (error && !client.connected) return;
      const qos = granted?.[0]?.qos;
      if (error || qos === undefined || qos > 1) this.problem(`${this.uuid}: subscription to ${filter} refused`, error);
      else this.subscribed = true;
      this.announce();
    });
  }

  /** Status then hello at every connection (docs/device-protocol.md, Example session); they overtake queued GPS. */
  private announce(): void {
    this.announced = true;
    void this.publishUrgent('status', { online: true }, true);
    void this.publishUrgent('hello', this.hello);
    void this.publishUrgent('health', healthPayload(this.faultSet));
    void this.sendIncidents();
    void this.flushGps();
  }

  /** Sends the queued incidents in order while announced on a connection, each once it has a publish slot. */
  private async sendIncidents(): Promise<void> {
    if (this.sendingIncidents) return;
    this.sendingIncidents = true;
    try {
      while (!this.ended && this.announced && this.incidentQueue.length > 0) {
        await this.up.acquire();
        const client = this.mqttClient;
        const next = this.incidentQueue.shift();
        if (this.ended || !this.announced || !client || !next) {
          if (next) this.incidentQueue.unshift(next);
          this.up.release();
          break;
        }
        // Not awaited: mqtt.js resends it after a reconnection until its PUBACK.
        void this.up.send(client, 'incident', next.payload, false, next.id).then((ok) => {
          if (!ok) return;
          this.counts.incidentsAcked++;
          // The portal holds the incident and its resources (state 0): their files can go up now.
          const resources = next.payload.resources ?? [];
          if (!this.uploadEvidence) return;
          const auto = this.options.autoUpload ?? 'all';
          const now = auto === 'all' ? resources : auto === 'pictures' ? resources.filter((r) => r.kind === 'picture') : [];
          if (now.length > 0) this.uploader.enqueue(next.id, now);
        });
      }
    } finally {
      this.sendingIncidents = false;
    }
  }

  private onError(error: Error): void {
    if (error instanceof ErrorWithReasonCode && this.mqttClient) {
      // A refusal (bad credentials, quota full): retry later and later, up to a minute.
      this.counts.refused++;
      this.retryMs = Math.min(MAX_RETRY_MS, this.retryMs * 2);
      this.mqttClient.options.reconnectPeriod = this.retryMs;
    }
    this.problem(`${this.uuid}: ${error.message}`);
  }

  private onClose(): void {
    clearTimeout(this.dropTimer);
    this.announced = false;
    if (!this.online) return;
    this.online = false;
    if (!this.ended) this.counts.drops++;
    this.emit('offline');
  }

  private async onMessage(topic: string, payload: Buffer): Promise<void> {
    const kind = downKind(this.uuid, topic);
    if (!kind) return;
    const parsed = parseDown(payload);
    if (!parsed.ok) {
      this.problem(`${this.uuid}: malformed down/${kind}: ${parsed.error}`);
      if (parsed.id) await this.ack(parsed.id, { ok: false, error: parsed.error });
      return;
    }
    const { message } = parsed;
    // A protocol kind is checked against its schema (the contract's compiled validator) before its handler runs.
    const checked = checkDown(kind, message);
    if (!checked.ok) {
      this.problem(`${this.uuid}: ${checked.error}`);
      await this.ack(message.id, { ok: false, error: checked.error });
      return;
    }
    this.emit('down', kind, message);
    const handler = this.commands.get(kind);
    let result: CommandResult;
    try {
      result = handler ? await handler(message) : { ok: false, error: `unsupported command ${kind}` };
    } catch (error) {
      result = { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
    await this.ack(message.id, result);
  }

  private async ack(ref: string, result: CommandResult): Promise<void> {
    const sent = await this.publishUrgent('ack', {
      ref,
      ok: result.ok,
      ...(result.error ? { error: result.error } : {}),
      ...(result.result ? { result: result.result } : {}),
    });
    if (!sent) this.problem(`${this.uuid}: ack of ${ref} not delivered`);
  }

  /** Sends full GPS batches while announced on a connection, one at a time, each taken once it has a publish slot. */
  private async flushGps(final = false): Promise<void> {
    if (this.flushing) return;
    this.flushing = true;
    try {
      while (!this.ended && this.announced && this.gps.hasBatch(final)) {
        await this.up.acquire();
        const points = this.gps.take();
        const client = this.mqttClient;
        if (this.ended || !this.announced || !client || points.length === 0) {
          this.gps.putBack(points);
          this.up.release();
          break;
        }
        this.counts.pointsSent += points.length;
        // Not awaited: the next batch may go while this one waits for its PUBACK.
        const acked = this.up.send(client, 'gps', { points });
        if (final) await acked;
        void acked.then((ok) => {
          if (ok) this.counts.pointsAcked += points.length;
        });
      }
    } finally {
      this.flushing = false;
    }
  }

  private async publishUrgent<K extends UpKind>(kind: K, payload: UpPayload<K>, retain = false): Promise<boolean> {
    const client = this.mqttClient;
    if (this.ended || !client) return false;
    await this.up.acquire(true);
    return this.up.send<UpKind>(client, kind, payload as UpPayload<UpKind>, retain);
  }

  /** `status` offline (retained), then the end of the session; nothing is published after it until reconnect(). */
  private async goOffline(deadline: number): Promise<void> {
    const client = this.mqttClient;
    if (!client || this.ended) return;
    this.ended = true;
    clearTimeout(this.dropTimer);
    if (client.connected) {
      const sent = this.up.acquire(true).then(() => this.up.send(client, 'status', { online: false }, true));
      await withTimeout(sent, deadline - Date.now());
    }
    await this.endSession(client, deadline);
  }

  /** Ends the MQTT session: DISCONNECT once everything is acknowledged, or an abrupt close if that takes too long. */
  private async endSession(client: MqttClient, deadline: number): Promise<void> {
    while (this.up.unacknowledged > 0 && client.connected && Date.now() < deadline) await delay(20);
    const graceful = client.connected && this.up.unacknowledged === 0;
    await new Promise<void>((resolve) => client.end(!graceful, () => resolve()));
    this.up.giveUpAll();
  }

  private scheduleDrop(): void {
    clearTimeout(this.dropTimer);
    const mean = this.options.disconnectEveryMs;
    if (!mean || mean <= 0) return;
    this.dropTimer = setTimeout(() => this.drop(), exponential(this.random, mean));
    this.dropTimer.unref();
  }

  private password(): string | undefined {
    return this.credentials.get(this.uuid) ?? this.options.provisioningKey;
  }

  /** The retained `status` offline the broker publishes if the connection dies; a fresh id per connection. */
  private will(): NonNullable<IClientOptions['will']> {
    const payload = JSON.stringify({ v: PROTOCOL_VERSION, id: this.up.nextId(), at: Date.now(), online: false });
    return { topic: upTopic(this.uuid, 'status'), payload: Buffer.from(payload), qos: 1, retain: true };
  }

  /** A few seconds, different per device, so a fleet cut off together does not come back in one burst. */
  private reconnectDelay(): number {
    const { min, max } = this.options.reconnectDelayMs ?? DEFAULT_RECONNECT_DELAY_MS;
    return Math.max(1, Math.round(uniform(this.random, min, max)));
  }

  private problem(text: string, cause?: Error | null): void {
    this.emit('problem', new Error(text, cause ? { cause } : undefined));
  }
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits for the promise, or gives up after `ms` (the promise itself goes on). */
function withTimeout(promise: Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, Math.max(0, ms));
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    promise.then(done, done);
  });
}
