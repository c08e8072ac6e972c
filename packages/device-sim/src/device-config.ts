import { type AlarmArea, type ConfigSettings, type DetectionType, detectionTypes, type IncidentType } from '@safety-shield/contract';
import { type ConfigReportUp, configProblem, MAX_POINTS } from '@safety-shield/contract/device';
import type { CommandHandler, CommandResult } from './commands.js';
import type { ConfigStore, RunningConfig } from './config-store.js';
import { fetchPicture, type ShownPicture } from './display-picture.js';
import { DEFAULT_LIVE_VIDEO, type LiveVideo } from './ffmpeg-args.js';
import type { GpsSettings } from './gps-reporter.js';
import { defaultEvidence, type IncidentEvidence } from './incidents.js';
import type { DownMessage } from './messages.js';

/** The schema's bounds of `uploadIntervalSeconds`. */
const INTERVAL_S = { min: 1, max: 60 };

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const channelList = (channels: number) => Array.from({ length: clamp(channels, 1, 16) }, (_, i) => i + 1);

/** Whether an incident type is one of the detections a configuration switches on and off (`detections`). */
export const isDetection = (type: IncidentType): type is IncidentType & DetectionType =>
  (detectionTypes as readonly string[]).includes(type);

/** What a device runs before any `config` reached it: its options as a configuration document. */
export interface FactoryInput {
  /** The GPS interval and batch of its options. */
  gps: GpsSettings;
  /** Its camera channels. */
  channels: number;
}

/**
 * The factory configuration (version 0): the upload interval of its GPS option (the nearest whole second, 1–60), its
 * batch, every detection on, one picture and 10 s either side of the trigger on every channel, and every channel's
 * live video at DEFAULT_LIVE_VIDEO; no APN and no alarm area.
 */
export function factoryConfig({ gps, channels }: FactoryInput): ConfigSettings {
  const evidence = defaultEvidence(clamp(channels, 1, 16));
  return {
    uploadIntervalSeconds: clamp(Math.round(gps.gpsIntervalMs / 1000), INTERVAL_S.min, INTERVAL_S.max),
    gpsBatch: clamp(gps.gpsBatch, 1, MAX_POINTS),
    video: channelList(channels).map((channel) => ({ channel, ...DEFAULT_LIVE_VIDEO })),
    detections: [...detectionTypes],
    evidence: { ...evidence, channels: [...evidence.channels] },
    alarmAreas: [],
  };
}

/** A document without the APN password: what the device says it runs never carries it. */
function withoutPassword(settings: ConfigSettings): ConfigSettings {
  if (!settings.apn?.password) return settings;
  const { password: _password, ...apn } = settings.apn;
  return { ...settings, apn };
}

/** The properties a document gives (JSON has no undefined, but a caller's object may). */
const given = (settings: ConfigSettings): ConfigSettings =>
  Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined)) as ConfigSettings;

export interface DeviceConfigOptions {
  uuid: string;
  /** Where {version, settings} is kept across restarts. */
  store: ConfigStore;
  /** What the device runs with no configuration: GPS as its options say, and its channel count. */
  factory: FactoryInput;
  /** The device's camera channels now. */
  channels(): number;
  /** Refuse every `config` with this reason (a device that cannot be configured). */
  refuse?: string;
  /** A new configuration is stored: put it to work (the GPS timer, the alarm areas; the rest is read when it is needed). */
  applied(): void;
}

/**
 * A device's configuration (docs/device-protocol.md, `config`): the version it runs and its document, kept in a store
 * across restarts, and what follows from it: the GPS interval and batch, the detections switched on, what is kept of
 * an incident, each channel's live video, and the alarm areas it watches. A property the running document leaves out runs at its factory value.
 *
 * `config` messages are handled one at a time, in the order they arrive: checked, stored durably, applied, then
 * acknowledged with `result: {version}`.
 */
export class DeviceConfig {
  private running: RunningConfig;
  private readonly factory: ConfigSettings;
  /** The `config` handled now, so the next waits for it (a version is checked against the one stored before it). */
  private turn: Promise<unknown> = Promise.resolve();
  /** The display picture it fetched (held in memory: after a restart the document still names it, fetched again with the next version). */
  private shown: ShownPicture | undefined;

  constructor(private readonly options: DeviceConfigOptions) {
    this.factory = factoryConfig(options.factory);
    this.running = options.store.get(options.uuid) ?? { version: 0, settings: {} };
  }

  /** The version it runs (0: none received) and the whole document it runs, factory values filled in. */
  get current(): RunningConfig {
    return structuredClone({ version: this.running.version, settings: this.effective });
  }

  /** What it reports (`configReport`, the `configGet` answer): the current configuration without the APN password. */
  get report(): ConfigReportUp {
    const { version, settings } = this.current;
    return { version, settings: withoutPassword(settings) };
  }

  /** GPS as configured: `uploadIntervalSeconds` and `gpsBatch`, else the device's options (which may be sub-second). */
  get gps(): GpsSettings {
    const { uploadIntervalSeconds, gpsBatch } = this.running.settings;
    return {
      gpsIntervalMs: uploadIntervalSeconds !== undefined ? uploadIntervalSeconds * 1000 : this.options.factory.gps.gpsIntervalMs,
      gpsBatch: gpsBatch ?? this.options.factory.gps.gpsBatch,
    };
  }

  /** Whether incidents of this type are raised: any type that is no detection, and the detections switched on. */
  detects(type: IncidentType): boolean {
    return !isDetection(type) || (this.effective.detections ?? []).includes(type);
  }

  /** What is kept of an incident (`evidence`), on the channels the device has. */
  evidence(): IncidentEvidence {
    const channels = this.options.channels();
    const evidence = this.running.settings.evidence ?? defaultEvidence(channels);
    return { ...evidence, channels: evidence.channels.filter((channel) => channel <= channels) };
  }

  /** The alarm areas it watches (`alarmAreas`); none in the factory configuration. */
  get alarmAreas(): readonly AlarmArea[] {
    return this.running.settings.alarmAreas ?? [];
  }

  /** The live video settings of a channel (`video`); a channel the document does not name runs at the factory ones. */
  video(channel: number): LiveVideo {
    const entry = this.running.settings.video?.find((candidate) => candidate.channel === channel);
    return entry ? { resolution: entry.resolution, frameRate: entry.frameRate, bitrateKbps: entry.bitrateKbps } : { ...DEFAULT_LIVE_VIDEO };
  }

  /** The display picture it shows: fetched with the version that named it. */
  get displayPicture(): ShownPicture | undefined {
    return this.shown && { ...this.shown };
  }

  /** `down/config`, handled one at a time. */
  command(): CommandHandler<'config'> {
    return (message) => {
      const result = this.turn.then(() => this.configure(message));
      this.turn = result.catch(() => undefined);
      return result;
    };
  }

  /** `down/configGet`: the configuration it runs, as `configReport` says it. */
  getCommand(): CommandHandler<'configGet'> {
    return () => this.turn.then(() => ({ ok: true, result: { ...this.report } }));
  }

  /** The document it runs: factory values for what the running document leaves out, every channel's video listed. */
  private get effective(): ConfigSettings {
    const video = channelList(this.options.channels()).map((channel) => ({ channel, ...this.video(channel) }));
    return { ...this.factory, ...this.running.settings, video };
  }

  private async configure(message: DownMessage<'config'>): Promise<CommandResult> {
    const problem = configProblem(message);
    if (problem) return { ok: false, error: problem };
    const { version, expiresAt, partial } = message;
    if (expiresAt !== undefined && expiresAt < Date.now()) return { ok: false, error: 'expired' };
    if (version < this.running.version) return { ok: false, error: `older than version ${this.running.version}` };
    // A resend of the version it runs: acknowledged again, nothing changes.
    if (version === this.running.version) return { ok: true, result: { version } };
    if (this.options.refuse !== undefined) return { ok: false, error: this.options.refuse };
    const missing = this.missingChannel(message.settings);
    if (missing !== undefined) return { ok: false, error: `no channel ${missing}` };
    const settings = partial ? { ...this.running.settings, ...given(message.settings) } : given(message.settings);
    // A new display picture is fetched before anything is stored: one it cannot have refuses the version.
    const picture = settings.displayPicture;
    if (picture && picture.id !== this.shown?.id) {
      const fetched = await fetchPicture(picture, message.pictureUrl);
      if (typeof fetched === 'string') return { ok: false, error: fetched };
      this.shown = fetched;
    }
    const next = structuredClone({ version, settings });
    // Durably first: a device that restarts after its ack must run what it acknowledged.
    await this.options.store.set(this.options.uuid, next);
    this.running = next;
    this.options.applied();
    return { ok: true, result: { version } };
  }

  /** The first channel a `video` or `evidence` setting names that the device does not have. */
  private missingChannel(settings: ConfigSettings): number | undefined {
    const channels = this.options.channels();
    const named = [...(settings.video ?? []).map((entry) => entry.channel), ...(settings.evidence?.channels ?? [])];
    return named.find((channel) => channel > channels);
  }
}
