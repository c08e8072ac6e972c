import type { IClientOptions } from 'mqtt';
import type { ConfigStore } from './config-store.js';
import type { CredentialStore } from './credentials.js';
import type { EvidenceMedia } from './evidence.js';
import type { UpgradeFailure } from './firmware.js';
import type { IncidentMix } from './incidents.js';
import type { DownMessage } from './messages.js';
import type { FirmwareStore, LockStore } from './state-stores.js';
import type { UploaderOptions } from './uploads.js';

export interface SimDeviceOptions {
  uuid: string;
  brokerUrl: string;
  /** Password of a device that holds no secret yet (`pk_…`). */
  provisioningKey?: string;
  /** Where the secret from `down/credential` is kept; in memory if absent. */
  credentials?: CredentialStore;
  /**
   * Where the configuration from `down/config` is kept (docs/device-protocol.md, `config`); in memory if absent. A
   * configuration stored there is what the device runs from its start.
   */
  configStore?: ConfigStore;
  /** Refuse every `down/config` with this reason (`ok: false`), e.g. to show a refused version in the console. */
  refuseConfig?: string;
  /** GPS sampling interval of the factory configuration (until a `config` sets `uploadIntervalSeconds`); default 1000. */
  gpsIntervalMs?: number;
  /** GPS points per message of the factory configuration (until a `config` sets `gpsBatch`); default 5. */
  gpsBatch?: number;
  /** Seeds the drive, the hardware (ICCID, channels) and the link's randomness; derived from the uuid if absent. */
  seed?: number;
  /** Drive time compression (see Drive). */
  speedFactor?: number;
  /** Mean time between random connection losses (exponential); none if absent. */
  disconnectEveryMs?: number;
  /** Wait before reconnecting after a lost connection, drawn between min and max; default 2–5 s. */
  reconnectDelayMs?: { min: number; max: number };
  /** Firmware version sent in `hello` (default DEFAULT_FIRMWARE), until an upgrade installs another (see firmwareStore). */
  firmware?: string;
  /** Hardware model sent in `hello` (what firmware fits); default DEFAULT_MODEL. */
  model?: string;
  /**
   * Where the firmware version an upgrade installed is kept (docs/device-protocol.md, `upgrade`); in memory if absent.
   * A version stored there is what the device runs from its start, whatever `firmware` says.
   */
  firmwareStore?: FirmwareStore;
  /**
   * The folder firmware downloads are kept in while under way, one folder per device under it (`{downloadDir}/{uuid}`):
   * a partial download resumes there, also after the simulator restarts. Default `os.tmpdir()/safety-shield-sim`.
   */
  downloadDir?: string;
  /** How long a restart (an upgrade's reboot, a power loss) keeps the device offline; default DEFAULT_REBOOT_MS. */
  rebootMs?: number;
  /** Make firmware upgrades go wrong this way (see UpgradeFailure); they work by default. */
  upgradeFailure?: UpgradeFailure;
  /** Where the lock state from `down/lock` is kept (docs/device-protocol.md, `lock`); in memory if absent. */
  lockStore?: LockStore;
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
  /**
   * The evidence files: real-size ones encoded by ffmpeg (default, when /usr/bin/ffmpeg or SIM_FFMPEG is there) or the
   * tiny ones made in code, which tests uploading many files or comparing their bytes ask for.
   */
  evidenceMedia?: EvidenceMedia;
  /** The licence plate the cameras burn into their pictures (a DVR's OSD setting); default the device's name or uuid. */
  plate?: string;
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
export const DEFAULT_FIRMWARE = 'sim-1.0.0';
export const DEFAULT_MODEL = 'SS-DVR-4';
export const DEFAULT_REBOOT_MS = 3_000;
export const DEFAULT_GPS_BATCH = 5;
