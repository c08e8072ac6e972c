import { type Static, type TSchema, Type } from 'typebox';
import { DEVICE_FAULTS_MAX, deviceFaultCodes } from '../api/device-alert.js';
import { ConfigSettings } from '../api/device-config.js';
import { incidentTypes } from '../api/event.js';
import { DeviceTime, MessageId } from './envelope.js';

/** The up messages (device → portal) of docs/device-protocol.md: one schema per kind, the payload besides v, id, at. */

const optional = <T extends TSchema>(schema: T) => Type.Optional(schema);
/** Left out or null: not given. */
const orNull = <T extends TSchema>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]));

/** A camera channel of the device. */
export const Channel = Type.Integer({ minimum: 1, maximum: 16 });
export const Latitude = Type.Number({ minimum: -90, maximum: 90 });
export const Longitude = Type.Number({ minimum: -180, maximum: 180 });
export const Speed = Type.Number({ minimum: 0, maximum: 1000, description: 'km/h' });
/** The device's clock as it shows it, kept as it is. */
export const LocalTime = Type.String({ maxLength: 64, description: 'the device’s clock as it shows it, e.g. 2026-11-23 14:03:11' });
/** A device's file name: 1–64 characters without control characters. */
export const ResourceId = Type.String({ minLength: 1, maxLength: 64, pattern: '^\\P{Cc}*$', description: 'no control characters' });

export const MAX_POINTS = 500;
export const MAX_INCIDENT_RESOURCES = 16;
export const MAX_INCIDENT_DESCRIPTION = 200;
/** The part of an upload failure's reason the portal keeps. */
export const MAX_UPLOAD_REASON = 200;
/** The part of an ack's error the portal keeps. */
export const MAX_ACK_ERROR = 500;

/** `status`: retained; the last will sets it offline. */
export const StatusUp = Type.Object({ online: Type.Boolean() });

/** `hello`'s fields: one of the wrong form is ignored, not the message. */
export const helloFields = {
  version: Type.String({ minLength: 1, maxLength: 64, description: 'firmware version' }),
  iccid: Type.String({ pattern: '^\\d{19,20}$', description: 'SIM card, 19–20 digits' }),
  channels: Type.Integer({ minimum: 1, maximum: 16, description: 'cameras' }),
  name: Type.String({ maxLength: 64, pattern: '\\S', description: 'fills an empty device name only' }),
  model: Type.String({ minLength: 1, maxLength: 64, pattern: '^[\\x21-\\x7e]+$', description: 'hardware model (1.3): what firmware fits' }),
};
export const HelloUp = Type.Object({
  version: optional(helloFields.version),
  iccid: optional(helloFields.iccid),
  channels: optional(helloFields.channels),
  name: optional(helloFields.name),
  model: optional(helloFields.model),
});

export const GpsPoint = Type.Object({
  t: DeviceTime,
  lat: Latitude,
  lng: Longitude,
  speed: Speed,
  heading: Type.Number({ minimum: 0, exclusiveMaximum: 360, description: 'degrees' }),
  dbm: orNull(Type.Number({ minimum: -140, maximum: 0, description: 'signal strength' })),
});
/** `gps`: one point out of range makes the message malformed. */
export const GpsUp = Type.Object({ points: Type.Array(GpsPoint, { minItems: 1, maxItems: MAX_POINTS }) });

/** `ack`'s optional fields: one of the wrong form is ignored, not the message. */
export const ackFields = {
  error: Type.String({ description: `why not (the portal keeps ${MAX_ACK_ERROR} characters)` }),
  result: Type.Record(Type.String(), Type.Unknown(), { description: 'what the command answers, e.g. dvrIndex’s segments' }),
};
/** `ack`: answers a down command by its id. */
export const AckUp = Type.Object({
  ref: Type.String({ minLength: 1, description: 'the down message’s id' }),
  ok: Type.Boolean(),
  error: optional(ackFields.error),
  result: optional(ackFields.result),
});

export const IncidentResource = Type.Object({
  id: ResourceId,
  kind: Type.Enum(['picture', 'video']),
  channel: Channel,
  start: orNull(DeviceTime),
  end: orNull(DeviceTime),
});
/** `incident`: a driving event, alarm or panic button with the files the device keeps of it (rules.ts `incidentProblem`). */
export const IncidentUp = Type.Object({
  type: Type.Enum(incidentTypes),
  triggerAt: DeviceTime,
  localTime: orNull(LocalTime),
  speed: Speed,
  lat: orNull(Latitude),
  lng: orNull(Longitude),
  channel: Channel,
  description: orNull(Type.String({ maxLength: MAX_INCIDENT_DESCRIPTION })),
  resources: optional(Type.Array(IncidentResource, { maxItems: MAX_INCIDENT_RESOURCES, description: 'absent: none' })),
});

/** What each kind of evidence may be, however a device sends it: pictures up to 10 MiB of JPEG, videos up to 500 MiB of MP4. */
export const EVIDENCE_LIMITS = {
  picture: { maxBytes: 10 * 1024 * 1024, contentType: 'image/jpeg' },
  video: { maxBytes: 500 * 1024 * 1024, contentType: 'video/mp4' },
} as const;

/** SPEC section 3, the upload states a device reports: apply (1), start (3), success (5), local file removed (6), fail (-1). */
export const DEVICE_UPLOAD_STATES = [1, 3, 5, 6, -1] as const;
export type DeviceUploadState = (typeof DEVICE_UPLOAD_STATES)[number];

const uploadIds = {
  incidentMessageId: MessageId,
  resourceId: ResourceId,
};
const uploadReason = orNull(Type.String({ description: `with −1: why it failed (the portal keeps ${MAX_UPLOAD_REASON} characters)` }));
/** `upload` state 1: the device applies for a URL, announcing the file. */
export const UploadApplyUp = Type.Object(
  {
    ...uploadIds,
    state: Type.Literal(1),
    size: Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description: 'bytes' }),
    sha256: Type.String({ pattern: '^[0-9a-fA-F]{64}$', description: 'hex SHA-256 of the file' }),
    contentType: Type.String({ minLength: 1, maxLength: 100, description: 'image/jpeg (pictures) or video/mp4 (videos)' }),
    reason: uploadReason,
  },
  { description: 'state 1, the apply' },
);
/** `upload` states 3, 5, 6 and −1. */
export const UploadProgressUp = Type.Object(
  {
    ...uploadIds,
    state: Type.Union([Type.Literal(3), Type.Literal(5), Type.Literal(6), Type.Literal(-1)]),
    reason: uploadReason,
  },
  { description: 'states 3, 5, 6 and −1' },
);
/** `upload`: one evidence file's upload moves on. */
export const UploadUp = Type.Union([UploadApplyUp, UploadProgressUp]);

/** `sos`: the S.O.S button pressed (start) or released (stop) (rules.ts `sosProblem`). */
export const SosUp = Type.Object({
  state: Type.Enum(['start', 'stop']),
  time: orNull(DeviceTime),
  localTime: orNull(LocalTime),
  lat: orNull(Latitude),
  lng: orNull(Longitude),
  speed: orNull(Speed),
  startId: orNull(MessageId),
});

const channelless = deviceFaultCodes.filter((code) => code !== 'cameraLost');
/** A camera that gives no picture. */
export const CameraFault = Type.Object({ code: Type.Literal('cameraLost'), channel: Channel }, { description: 'a camera' });
/** A fault of the whole device. */
export const DeviceFault = Type.Object(
  { code: Type.Enum(channelless), channel: optional(Type.Null()) },
  { description: 'the whole device' },
);
/** A code this release does not know: skipped, so newer firmware may report more. */
export const UnknownFault = Type.Object(
  {
    code: Type.String({
      minLength: 1,
      maxLength: 64,
      pattern: `^(?!(?:${deviceFaultCodes.join('|')})$)`,
      description: 'any other code: skipped (newer firmware)',
    }),
    channel: optional(Type.Unknown()),
  },
  { description: 'a code this release does not know' },
);
/** `health`: the whole set of faults the device has now (rules.ts `healthProblem`). */
export const HealthUp = Type.Object({
  faults: Type.Array(Type.Union([CameraFault, DeviceFault, UnknownFault]), { maxItems: DEVICE_FAULTS_MAX }),
});

/** `configReport`: the configuration the device runs, after every `hello` (also a `configGet` ack's result). */
export const ConfigReportUp = Type.Object({
  version: Type.Integer({ minimum: 0, description: 'the version it applied; 0: its factory configuration' }),
  settings: ConfigSettings,
});

/** Where a firmware upgrade stands on the device (docs/device-protocol.md, `upgrade`). */
export const upgradePhases = ['downloading', 'verifying', 'installing', 'rebooting', 'failed'] as const;
export type UpgradePhase = (typeof upgradePhases)[number];
/** `upgradeProgress`: a step of an upgrade the portal ordered (`upgrade`'s `upgradeId`). */
export const UpgradeProgressUp = Type.Object({
  upgradeId: Type.Integer({ minimum: 1 }),
  phase: Type.Enum(upgradePhases),
  percent: optional(Type.Integer({ minimum: 0, maximum: 100, description: 'downloading: the share of the package it holds' })),
  reason: optional(Type.String({ maxLength: MAX_ACK_ERROR, description: 'failed: why' })),
});

/** What a driver may try at the device that a lock refuses (docs/device-protocol.md, `lock`). */
export const localActions = ['changeSettings', 'formatStorage', 'stopRecording'] as const;
export type LocalAction = (typeof localActions)[number];
/** `lockState`: whether the device is locked, after every `hello` and whenever it changes. */
export const LockStateUp = Type.Object({ locked: Type.Boolean() });
/** `tamper`: a local action the lock refused, at the device's time `at` of the envelope. */
export const TamperUp = Type.Object({ action: Type.Enum(localActions) });

/** Every up kind this release understands, by topic kind (`dev/{uuid}/up/{kind}`). */
export const upMessages = {
  status: StatusUp,
  hello: HelloUp,
  gps: GpsUp,
  ack: AckUp,
  incident: IncidentUp,
  upload: UploadUp,
  sos: SosUp,
  health: HealthUp,
  configReport: ConfigReportUp,
  upgradeProgress: UpgradeProgressUp,
  lockState: LockStateUp,
  tamper: TamperUp,
} as const;
export type UpKind = keyof typeof upMessages;
export const UP_KINDS = Object.keys(upMessages) as UpKind[];
/** The payload of an up kind, besides v, id and at. */
export type UpPayload<K extends UpKind> = Static<(typeof upMessages)[K]>;

export type StatusUp = Static<typeof StatusUp>;
export type HelloUp = Static<typeof HelloUp>;
export type GpsPoint = Static<typeof GpsPoint>;
export type GpsUp = Static<typeof GpsUp>;
export type AckUp = Static<typeof AckUp>;
export type IncidentResource = Static<typeof IncidentResource>;
export type IncidentUp = Static<typeof IncidentUp>;
export type UploadUp = Static<typeof UploadUp>;
export type SosUp = Static<typeof SosUp>;
export type HealthUp = Static<typeof HealthUp>;
export type ConfigReportUp = Static<typeof ConfigReportUp>;
export type UpgradeProgressUp = Static<typeof UpgradeProgressUp>;
export type LockStateUp = Static<typeof LockStateUp>;
export type TamperUp = Static<typeof TamperUp>;
