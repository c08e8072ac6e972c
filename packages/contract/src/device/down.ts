import { type Static, Type } from 'typebox';
import { ConfigSettings } from '../api/device-config.js';
import { EpochMs } from './envelope.js';
import { Channel, ResourceId } from './up.js';

/**
 * The down messages (portal → device) of docs/device-protocol.md: one schema per kind, the payload besides v, id and
 * at. Each is answered by an `ack` with `ref` = the message's id.
 */

/** The id of an up `incident` message as the portal keeps it. */
const IncidentMessageId = Type.String({ minLength: 1, description: 'the incident message’s id' });

/** `credential`: the device's own secret, used from its next connection on. */
export const CredentialDown = Type.Object({ secret: Type.String({ minLength: 1 }) });

/** `config`: a version of the device's configuration, whole or partial (rules.ts `configProblem`). */
export const ConfigDown = Type.Object({
  version: Type.Integer({ minimum: 1, description: 'acknowledged in the ack’s result when applied' }),
  settings: ConfigSettings,
  partial: Type.Optional(Type.Boolean({ description: 'true: change only the properties given' })),
  expiresAt: Type.Optional(Type.Integer({ description: 'epoch ms: refuse it after this' })),
  pictureUrl: Type.Optional(
    Type.String({ minLength: 1, description: 'with settings.displayPicture: GET the picture here (signed, valid a day)' }),
  ),
});

/** `configGet`: answer with the configuration it runs (the ack's result is a ConfigReportUp). */
export const ConfigGetDown = Type.Object({});

/** `uploadUrl`: answers an apply with where to PUT the file. */
export const UploadUrlDown = Type.Object({
  incidentMessageId: IncidentMessageId,
  resourceId: ResourceId,
  url: Type.String({ minLength: 1, description: '{PUBLIC_URL}/objects/{token}' }),
  expiresAt: EpochMs,
});

/** `uploadHeld`: answers an apply for a video the portal does not want now; the device keeps the file. */
export const UploadHeldDown = Type.Object({ incidentMessageId: IncidentMessageId, resourceId: ResourceId });

/** The span of a recording the device cuts and uploads as a new resource (rules.ts `spanProblem`). */
export const EvidenceClip = Type.Object({
  resourceId: ResourceId,
  channel: Channel,
  start: Type.Number({ description: 'epoch ms' }),
  end: Type.Number({ description: 'epoch ms, not before start' }),
});
/** `evidenceRequest`: upload these resources of an incident now. */
export const EvidenceRequestDown = Type.Object({
  taskId: Type.Integer(),
  incidentMessageId: IncidentMessageId,
  resourceIds: Type.Array(ResourceId, { minItems: 1, maxItems: 500 }),
  clip: Type.Optional(EvidenceClip),
});

/** `cancelUpload`: drop the uploads of a task that have not started. */
export const CancelUploadDown = Type.Object({ taskId: Type.Integer() });

const Stream = Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$', description: 'the stream name' });
/** `live` start: publish a camera channel over RTMP (rules.ts `spanProblem` for a playback). */
export const LiveStartDown = Type.Object(
  {
    action: Type.Literal('start'),
    stream: Stream,
    channel: Channel,
    url: Type.String({ pattern: '^rtmps?://', description: 'RTMP publish URL with ?key=' }),
    key: Type.String({ minLength: 1, description: 'accepted for this stream only' }),
    overlay: Type.Optional(Type.Object({ licensePlate: Type.Optional(Type.String()) })),
    playback: Type.Optional(
      Type.Object(
        { start: Type.Number({ description: 'epoch ms' }), end: Type.Number({ description: 'epoch ms, after start' }) },
        { description: 'a recorded span (at most 1 h) instead of the live picture' },
      ),
    ),
  },
  { description: 'start' },
);
/** `live` stop: end that stream. */
export const LiveStopDown = Type.Object(
  {
    action: Type.Literal('stop'),
    stream: Stream,
    channel: Channel,
    reason: Type.Optional(Type.Enum(['viewer', 'idle', 'shutdown'])),
  },
  { description: 'stop' },
);
/** `live`: start or stop a stream. */
export const LiveDown = Type.Union([LiveStartDown, LiveStopDown]);

/** `dvrIndex`: what the device holds of a channel on a UTC day; acked with `result` = DvrIndexResult. */
export const DvrIndexDown = Type.Object({
  channel: Channel,
  day: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'a UTC day YYYY-MM-DD' }),
});
/** The `result` of a `dvrIndex` ack: the recorded spans, ascending. */
export const DvrIndexResult = Type.Object({
  segments: Type.Array(Type.Object({ start: Type.Number({ description: 'epoch ms' }), end: Type.Number({ description: 'epoch ms' }) })),
});

/** The largest runtime log a device may upload (gzip). */
export const MAX_RUNTIME_LOG_BYTES = 5 * 1024 * 1024;
/** `logUpload`: upload the runtime log, gzip-compressed, to `url`; acked with `result` = LogUploadResult once uploaded. */
export const LogUploadDown = Type.Object({
  taskId: Type.Integer(),
  url: Type.String({ minLength: 1, description: '{PUBLIC_URL}/objects/{token}: PUT, Content-Type application/gzip' }),
  expiresAt: EpochMs,
  maxBytes: Type.Integer({ minimum: 1, description: 'the largest file accepted' }),
});
/** The `result` of a `logUpload` ack: the bytes it uploaded. */
export const LogUploadResult = Type.Object({ size: Type.Integer({ minimum: 0 }) });

/**
 * `upgrade`: download a firmware package from `url` (a signed GET that takes `Range`, so a broken download resumes),
 * check it is `size` bytes with this SHA-256, install it and come back with `version`. Acked at once: `ok: true` when it
 * takes the order (`result: { version }` instead when it already runs that version), `ok: false` with why not; then
 * `upgradeProgress` reports each step.
 */
export const UpgradeDown = Type.Object({
  upgradeId: Type.Integer({ minimum: 1, description: 'names this upgrade in upgradeProgress' }),
  version: Type.String({ minLength: 1, maxLength: 64 }),
  url: Type.String({ minLength: 1, description: '{PUBLIC_URL}/objects/{token}: GET, Range supported' }),
  size: Type.Integer({ minimum: 1 }),
  sha256: Type.String({ pattern: '^[0-9a-f]{64}$' }),
  expiresAt: EpochMs,
});
/** The `result` of an `upgrade` ack from a device that already runs the version. */
export const UpgradeResult = Type.Object({ version: Type.String() });
/** `upgradeCancel`: stop an upgrade not yet installing (acked `ok: false`, `error: "installing"` once it is). */
export const UpgradeCancelDown = Type.Object({ upgradeId: Type.Integer({ minimum: 1 }) });

/** `lock`: lock or unlock the device against local changes (`localActions`); acked once in force, then `lockState`. */
export const LockDown = Type.Object({ locked: Type.Boolean() });

/** `driverText`: show this text on the device's screen (and read it aloud when asked); acked once shown. */
export const DriverTextDown = Type.Object({
  text: Type.String({ minLength: 1, maxLength: 200 }),
  readAloud: Type.Boolean({ description: 'also read it aloud (text to speech), where the device can' }),
});

/** Every down kind, by topic kind (`dev/{uuid}/down/{kind}`). */
export const downMessages = {
  credential: CredentialDown,
  config: ConfigDown,
  configGet: ConfigGetDown,
  uploadUrl: UploadUrlDown,
  uploadHeld: UploadHeldDown,
  evidenceRequest: EvidenceRequestDown,
  cancelUpload: CancelUploadDown,
  live: LiveDown,
  dvrIndex: DvrIndexDown,
  logUpload: LogUploadDown,
  upgrade: UpgradeDown,
  upgradeCancel: UpgradeCancelDown,
  lock: LockDown,
  driverText: DriverTextDown,
} as const;
export type DownKind = keyof typeof downMessages;
export const DOWN_KINDS = Object.keys(downMessages) as DownKind[];
/** The payload of a down kind, besides v, id and at. */
export type DownPayload<K extends DownKind> = Static<(typeof downMessages)[K]>;

export type CredentialDown = Static<typeof CredentialDown>;
export type ConfigDown = Static<typeof ConfigDown>;
export type UploadUrlDown = Static<typeof UploadUrlDown>;
export type UploadHeldDown = Static<typeof UploadHeldDown>;
export type EvidenceClip = Static<typeof EvidenceClip>;
export type EvidenceRequestDown = Static<typeof EvidenceRequestDown>;
export type CancelUploadDown = Static<typeof CancelUploadDown>;
export type LiveDown = Static<typeof LiveDown>;
export type DvrIndexDown = Static<typeof DvrIndexDown>;
export type DvrIndexResult = Static<typeof DvrIndexResult>;
export type LogUploadDown = Static<typeof LogUploadDown>;
export type LogUploadResult = Static<typeof LogUploadResult>;
export type UpgradeDown = Static<typeof UpgradeDown>;
export type UpgradeResult = Static<typeof UpgradeResult>;
export type UpgradeCancelDown = Static<typeof UpgradeCancelDown>;
export type LockDown = Static<typeof LockDown>;
