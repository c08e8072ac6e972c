import { type Static, type TSchema, Type } from 'typebox';
import { driverMonitoringTypes, EpochMs, Id, Nullable, PageQuery } from './common.js';

/**
 * A device's configuration (SPEC section 3, "Configuration"): one versioned document, the same in the HTTP API and in
 * the device protocol's `config` message (docs/device-protocol.md). Every property is optional: a partial document
 * changes only what it names.
 */

const optional = <T extends TSchema>(schema: T) => Type.Optional(schema);
const Channel = Type.Integer({ minimum: 1, maximum: 16, description: 'camera channel' });

/** What a DVR can detect by itself (the "added detection info"); each can be switched off. */
export const detectionTypes = ['forwardCollision', 'laneDeparture', 'pedestrian', ...driverMonitoringTypes, 'blindSpot'] as const;
export type DetectionType = (typeof detectionTypes)[number];

export const videoResolutions = ['320x240', '640x480', '1280x720', '1920x1080'] as const;
export type VideoResolution = (typeof videoResolutions)[number];

/** The bit-rate levels the editor offers, each a bit rate in kbit/s (the document keeps the number). */
export const BITRATE_LEVELS = { low: 256, medium: 512, high: 1024, highest: 2048 } as const;

export const VideoChannelSettings = Type.Object({
  channel: Channel,
  resolution: Type.Enum(videoResolutions),
  frameRate: Type.Integer({ minimum: 1, maximum: 30, description: 'frames per second' }),
  bitrateKbps: Type.Integer({ minimum: 64, maximum: 8192, description: 'kbit/s (the bit-rate level)' }),
});
export type VideoChannelSettings = Static<typeof VideoChannelSettings>;

/** The mobile network's access point; the password is sealed at rest and never read back by the API. */
export const ApnSettings = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 64, pattern: '^[\\x21-\\x7e]+$', description: 'APN, printable ASCII' }),
  user: optional(Type.String({ maxLength: 64 })),
  password: optional(Type.String({ maxLength: 64, description: 'write only: answers leave it out' })),
});
export type ApnSettings = Static<typeof ApnSettings>;

export const EvidenceSettings = Type.Object({
  secondsBefore: Type.Integer({ minimum: 0, maximum: 60, description: 'video kept before the trigger' }),
  secondsAfter: Type.Integer({ minimum: 0, maximum: 60, description: 'video kept after the trigger' }),
  channels: Type.Array(Channel, { minItems: 1, maxItems: 16, uniqueItems: true, description: 'cameras whose video is kept' }),
  pictures: Type.Integer({ minimum: 0, maximum: 10, description: 'pictures per camera of the incident' }),
});
export type EvidenceSettings = Static<typeof EvidenceSettings>;

export const GeoPoint = Type.Object({
  lat: Type.Number({ minimum: -90, maximum: 90 }),
  lng: Type.Number({ minimum: -180, maximum: 180 }),
});
export type GeoPoint = Static<typeof GeoPoint>;

export const MAX_ALARM_AREAS = 32;
export const MAX_AREA_POINTS = 100;
const AreaRadius = Type.Number({ minimum: 10, maximum: 100_000, description: 'metres' });
const AreaSpeedLimit = Type.Integer({ minimum: 1, maximum: 300, description: 'km/h inside the area' });
/** A geofence: a circle or a polygon, with the rules that raise an incident. */
export const AlarmArea = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 64 }),
  shape: Type.Union([
    Type.Object({
      type: Type.Literal('circle'),
      center: GeoPoint,
      radius: AreaRadius,
    }),
    Type.Object({ type: Type.Literal('polygon'), points: Type.Array(GeoPoint, { minItems: 3, maxItems: MAX_AREA_POINTS }) }),
  ]),
  onEnter: Type.Boolean({ description: 'an incident when the vehicle enters' }),
  onLeave: Type.Boolean({ description: 'an incident when the vehicle leaves' }),
  speedLimit: optional(Nullable(AreaSpeedLimit)),
});
export type AlarmArea = Static<typeof AlarmArea>;

/** The limits a device's detections use (a threshold class, `/devicepage/thresholds`). */
export const ThresholdValues = Type.Object({
  speedingMarginKmh: Type.Integer({ minimum: 0, maximum: 50, description: 'over the limit before over-speed' }),
  harshAccelerationG: Type.Number({ minimum: 0.1, maximum: 1.5, description: 'g' }),
  harshBrakingG: Type.Number({ minimum: 0.1, maximum: 1.5, description: 'g' }),
  harshTurnG: Type.Number({ minimum: 0.1, maximum: 1.5, description: 'g' }),
  fatigueSeconds: Type.Integer({ minimum: 1, maximum: 60, description: 'eyes closed this long' }),
  distractionSeconds: Type.Integer({ minimum: 1, maximum: 60, description: 'looking away this long' }),
  phoneUseSeconds: Type.Integer({ minimum: 1, maximum: 60 }),
});
export type ThresholdValues = Static<typeof ThresholdValues>;

/**
 * The threshold class a configuration refers to. A caller names the class; the portal fills in its name and values
 * (what the device is sent and runs), so a class changed later reaches a device only with its next version.
 */
export const ConfigThresholds = Type.Object({
  classId: Id,
  name: optional(Type.String({ maxLength: 64 })),
  values: optional(ThresholdValues),
});
export type ConfigThresholds = Static<typeof ConfigThresholds>;

/** The display picture a device shows on its screen (a company logo): JPEG or PNG, at most this many bytes. */
export const DISPLAY_PICTURE_MAX_BYTES = 2 * 1024 * 1024;
export const displayPictureTypes = ['image/jpeg', 'image/png'] as const;
export const DisplayPicture = Type.Object({
  id: Type.String({ pattern: '^[0-9a-f]{32}$', description: 'the picture as `updatePicture` stored it' }),
  contentType: Type.Enum(displayPictureTypes),
  size: Type.Integer({ minimum: 1, maximum: DISPLAY_PICTURE_MAX_BYTES, description: 'bytes' }),
});
export type DisplayPicture = Static<typeof DisplayPicture>;

/** `updatePicture`: the picture about to be uploaded; the answer says where to PUT it. */
export const PictureUploadBody = Type.Object({
  contentType: Type.Enum(displayPictureTypes),
  size: DisplayPicture.properties.size,
});
export type PictureUploadBody = Static<typeof PictureUploadBody>;
export const PictureUpload = Type.Object({
  picture: DisplayPicture,
  uploadUrl: Type.String({ description: 'PUT the bytes here, with the content type, before it expires' }),
  expireTime: EpochMs,
});
export type PictureUpload = Static<typeof PictureUpload>;
/** A picture a device's configuration names, to look at. */
export const PictureQuery = Type.Object({ deviceId: Id, pictureId: DisplayPicture.properties.id });
export const PictureLink = Type.Object({ url: Type.String(), expireTime: EpochMs });

/** The configuration document: every property optional (a partial document). */
export const ConfigSettings = Type.Object({
  uploadIntervalSeconds: optional(
    Type.Integer({ minimum: 1, maximum: 60, description: 'alarm upload interval: positions are reported this often' }),
  ),
  gpsBatch: optional(Type.Integer({ minimum: 1, maximum: 500, description: 'positions per gps message' })),
  video: optional(Type.Array(VideoChannelSettings, { maxItems: 16, description: 'per channel; one entry per channel' })),
  apn: optional(ApnSettings),
  detections: optional(Type.Array(Type.Enum(detectionTypes), { uniqueItems: true, description: 'the detections switched on' })),
  evidence: optional(EvidenceSettings),
  alarmAreas: optional(Type.Array(AlarmArea, { maxItems: MAX_ALARM_AREAS })),
  thresholds: optional(ConfigThresholds),
  displayPicture: optional(DisplayPicture),
});
export type ConfigSettings = Static<typeof ConfigSettings>;
export type ConfigProp = keyof ConfigSettings;
export const configProps = Object.keys(ConfigSettings.properties) as ConfigProp[];

/** A number's bounds as its schema declares them. */
export interface NumberBounds {
  min: number;
  max: number;
}
function boundsOf(schema: TSchema): NumberBounds {
  const { minimum, maximum } = schema as { minimum?: unknown; maximum?: unknown };
  if (typeof minimum !== 'number' || typeof maximum !== 'number') throw new Error('a configuration number without bounds');
  return { min: minimum, max: maximum };
}

/**
 * The configuration's numbers and their bounds, read from the schemas above (declared once): the console shows and
 * checks these, so an editor's range is the API's.
 */
export const CONFIG_LIMITS = {
  uploadIntervalSeconds: boundsOf(ConfigSettings.properties.uploadIntervalSeconds),
  gpsBatch: boundsOf(ConfigSettings.properties.gpsBatch),
  secondsBefore: boundsOf(EvidenceSettings.properties.secondsBefore),
  secondsAfter: boundsOf(EvidenceSettings.properties.secondsAfter),
  pictures: boundsOf(EvidenceSettings.properties.pictures),
  frameRate: boundsOf(VideoChannelSettings.properties.frameRate),
  areaRadius: boundsOf(AreaRadius),
  areaSpeedLimit: boundsOf(AreaSpeedLimit),
} as const satisfies Record<string, NumberBounds>;

/** Each threshold's bounds, read from `ThresholdValues`. */
export const THRESHOLD_LIMITS = Object.fromEntries(
  Object.entries(ThresholdValues.properties).map(([key, schema]) => [key, boundsOf(schema)]),
) as Record<keyof ThresholdValues, NumberBounds>;

/**
 * Where a version of a device's configuration stands (docs/decisions.md, "Configuration statuses"):
 * draft (made by a revert, or edited) → saved → dispatched (sent, or waiting for the device to come online) →
 * applied (the device acknowledged this version) / refused (with the device's reason) / cancelled / expired.
 */
export const configStatuses = ['draft', 'saved', 'dispatched', 'applied', 'refused', 'cancelled', 'expired'] as const;
export type ConfigStatus = (typeof configStatuses)[number];

/** One version of a device's configuration (the API's `deviceConfigTempLogsId` is its id). */
export const ConfigVersion = Type.Object({
  id: Id,
  deviceId: Id,
  version: Type.Integer({ minimum: 1, description: 'per device, ascending; the device acknowledges it' }),
  status: Type.Enum(configStatuses),
  /** The whole document this version makes the device run (APN password left out). */
  settings: ConfigSettings,
  /** The properties this version changed against the one before it. */
  changed: Type.Array(Type.Enum(configProps)),
  reason: Nullable(Type.String({ description: 'refused or cancelled: why' })),
  /** Set when the APN has a password (the password itself is never answered). */
  apnPasswordSet: Type.Boolean(),
  createdBy: Nullable(Type.String()),
  createTime: EpochMs,
  dispatchTime: Nullable(EpochMs),
  /** When the command went to the device (null: waiting for it to come online). */
  sentTime: Nullable(EpochMs),
  expireTime: Nullable(EpochMs),
  appliedTime: Nullable(EpochMs),
});
export type ConfigVersion = Static<typeof ConfigVersion>;

/** What the device last said it runs (`configReport` or a `configGet` answer). */
export const ReportedConfig = Type.Object({
  version: Type.Integer({ minimum: 0, description: '0: the factory configuration' }),
  settings: ConfigSettings,
  reportTime: EpochMs,
});
export type ReportedConfig = Static<typeof ReportedConfig>;

/** `GET /v2/device/config/info`: the device's configuration state. */
export const DeviceConfigState = Type.Object({
  deviceId: Id,
  deviceUuid: Type.String(),
  online: Type.Boolean(),
  /** The newest version the device applied (`deviceConfigLogsId`). */
  current: Nullable(ConfigVersion),
  /** A dispatched version the device has not answered yet. */
  pending: Nullable(ConfigVersion),
  /** The version being edited (draft or saved, not dispatched). */
  draft: Nullable(ConfigVersion),
  reported: Nullable(ReportedConfig),
});
export type DeviceConfigState = Static<typeof DeviceConfigState>;

export const ConfigInfoQuery = Type.Object({
  deviceId: Id,
  /** A version to read instead of the current one. */
  deviceConfigLogsId: optional(Id),
  /** Only these properties of each document, comma-separated (e.g. `apn,evidence`). */
  props: optional(Type.String({ pattern: `^(${configProps.join('|')})(,(${configProps.join('|')}))*$`, maxLength: 200 })),
});
export type ConfigInfoQuery = Static<typeof ConfigInfoQuery>;

export const ConfigSaveBody = Type.Object({
  deviceId: Id,
  /** The properties to change; with `partial` false (default true) the document replaces the whole configuration. */
  settings: ConfigSettings,
  partial: optional(Type.Boolean()),
});
export type ConfigSaveBody = Static<typeof ConfigSaveBody>;

export const ConfigUpdateBody = Type.Object({
  deviceConfigTempLogsId: Id,
  settings: ConfigSettings,
  partial: optional(Type.Boolean()),
});
export type ConfigUpdateBody = Static<typeof ConfigUpdateBody>;

export const CONFIG_EXPIRY_MAX_MS = 30 * 24 * 3_600_000;
export const ConfigDispatchQuery = Type.Object({
  deviceId: Id,
  /** The version to dispatch; default the device's draft or saved version. */
  deviceConfigLogsId: optional(Id),
  /** The console's clock when it asked (SPEC section 7; kept for the log only). */
  timestamp: optional(EpochMs),
  /** Not applied by then (epoch ms, at most 30 days ahead): the dispatch expires. Default: never. */
  expireTime: optional(EpochMs),
});
export type ConfigDispatchQuery = Static<typeof ConfigDispatchQuery>;

export const ConfigDeviceQuery = Type.Object({ deviceId: Id, timestamp: optional(EpochMs) });
export type ConfigDeviceQuery = Static<typeof ConfigDeviceQuery>;

export const ConfigHistoryQuery = Type.Object({
  ...PageQuery,
  deviceId: optional(Id),
  /** Any version of the device: its device's history. */
  deviceConfigLogsId: optional(Id),
});
export type ConfigHistoryQuery = Static<typeof ConfigHistoryQuery>;

export const ConfigVersionQuery = Type.Object({ id: Id });
export const ConfigRevertQuery = Type.Object({ deviceConfigTempLogsId: Id });

export const ReceiveConfigBody = Type.Object({ deviceIds: Type.Array(Id, { minItems: 1, maxItems: 500, uniqueItems: true }) });
export const DeviceReportedConfig = Type.Object({ deviceId: Id, reported: Nullable(ReportedConfig) });
export type DeviceReportedConfig = Static<typeof DeviceReportedConfig>;

/** A JSON value as text with every object's keys sorted: two documents that say the same give the same text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`)
      .join(',')}}`;
  return JSON.stringify(value ?? null);
}

/** Whether two documents differ in a property, whatever the order of their fields. */
export const settingDiffers = (prop: ConfigProp, a: ConfigSettings | null | undefined, b: ConfigSettings | null | undefined) =>
  canonicalJson(a?.[prop]) !== canonicalJson(b?.[prop]);

/** `videoParamSetting1`: one camera's video of one device, saved and dispatched at once. */
export const VideoParamBody = Type.Object({ deviceId: Id, ...VideoChannelSettings.properties });
export type VideoParamBody = Static<typeof VideoParamBody>;

/** `multiple/videoParamSetting`: one camera's video on many devices, as a task. */
export const VideoParamManyBody = Type.Object({
  deviceIds: Type.Array(Id, { minItems: 1, maxItems: 10_000, uniqueItems: true }),
  ...VideoChannelSettings.properties,
});
export type VideoParamManyBody = Static<typeof VideoParamManyBody>;

/** A threshold class: named limits a configuration refers to (`/devicepage/thresholds`, Super Admin). */
export const ThresholdClass = Type.Object({
  id: Id,
  name: Type.String(),
  description: Nullable(Type.String()),
  values: ThresholdValues,
  updateTime: EpochMs,
});
export type ThresholdClass = Static<typeof ThresholdClass>;

const thresholdFields = {
  name: Type.String({ minLength: 1, maxLength: 64, pattern: '\\S' }),
  description: optional(Nullable(Type.String({ maxLength: 200 }))),
  values: ThresholdValues,
};
export const ThresholdCreateBody = Type.Object(thresholdFields);
export type ThresholdCreateBody = Static<typeof ThresholdCreateBody>;
export const ThresholdUpdateBody = Type.Object({ id: Id, ...thresholdFields });
export type ThresholdUpdateBody = Static<typeof ThresholdUpdateBody>;
