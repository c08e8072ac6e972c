import { type Static, Type } from 'typebox';
import {
  CompanyRef,
  DeviceRef,
  driverMonitoringTypes,
  EpochMs,
  ExportQueryOf,
  FleetRef,
  Id,
  Nullable,
  NullableLatLng,
  PageQuery,
  Place,
  TimeFilter,
  VehicleRef,
} from './common.js';

/** What a DVR reports (issue 6): the driver-monitoring and ADAS incidents of the product. */
export const incidentTypes = [
  'harshBraking',
  'harshAcceleration',
  'sharpTurn',
  'collision',
  'forwardCollision',
  'laneDeparture',
  /** Something in the vehicle's blind spot (JT/T 808 active safety, BSD item 0x67). */
  'blindSpot',
  'overSpeed',
  ...driverMonitoringTypes,
  /** A vehicle entered or left an alarm area of its device's configuration (docs/device-protocol.md, `config`). */
  'areaEnter',
  'areaLeave',
  'panicButton',
  /** Filed by the portal for a span a Super Admin asked from the DVR recordings page (no incident of the vehicle covered it). */
  'dvrClip',
] as const;
export type IncidentType = (typeof incidentTypes)[number];
export const IncidentTypeSchema = Type.Enum(incidentTypes);

/** SPEC section 3: the default tags of every company. */
export const defaultTagKinds = ['emergency', 'interactive', 'general'] as const;
export type DefaultTagKind = (typeof defaultTagKinds)[number];
/**
 * The names the default tags are stored with (SPEC section 3); companies may rename them. A default tag still under
 * its stored name is shown in the reader's language (the console's `defaultTags.<kind>`), a renamed one as named.
 */
export const defaultTagNames: Record<DefaultTagKind, string> = { emergency: 'Emergency', interactive: 'Interactive', general: 'General' };

/** Which default tag an incident of each type arrives under (a reviewer may re-tag it). */
export const defaultTagOfType: Record<IncidentType, DefaultTagKind> = {
  collision: 'emergency',
  forwardCollision: 'emergency',
  panicButton: 'interactive',
  harshBraking: 'general',
  harshAcceleration: 'general',
  sharpTurn: 'general',
  laneDeparture: 'general',
  blindSpot: 'general',
  overSpeed: 'general',
  fatigue: 'emergency',
  distraction: 'general',
  phoneUse: 'general',
  smoking: 'general',
  seatbelt: 'general',
  cameraBlocked: 'general',
  areaEnter: 'general',
  areaLeave: 'general',
  dvrClip: 'general',
};

export const HOLD_DAYS_MAX = 3650;
export const COMMENT_MAX_LENGTH = 2000;

export const TagRecord = Type.Object({
  tagId: Type.Integer(),
  tagName: Type.String(),
  companyId: Type.Integer(),
  companyName: Nullable(Type.String()),
  defaultKind: Nullable(Type.Enum(defaultTagKinds)),
  receiveIncident: Type.Boolean(),
  receiveVideo: Type.Boolean(),
  holdDays: Type.Integer(),
  /** New incidents of the tag are e-mailed to the vehicle's verified addresses and the company's recipients. */
  notifyEmail: Type.Boolean(),
  incidentCount: Type.Integer(),
});
export type TagRecord = Static<typeof TagRecord>;

export const TagListQuery = Type.Object({ companyId: Type.Optional(Id) });
export type TagListQuery = Static<typeof TagListQuery>;
const tagName = Type.String({ minLength: 1, maxLength: 32 });
export const TagCreateBody = Type.Object({ companyId: Type.Optional(Id), tagName });
export type TagCreateBody = Static<typeof TagCreateBody>;
export const TagRenameBody = Type.Object({ id: Id, tagName });
export type TagRenameBody = Static<typeof TagRenameBody>;
export const TagStateBody = Type.Object({ tagId: Id, state: Type.Boolean() });
export type TagStateBody = Static<typeof TagStateBody>;
export const TagHoldDaysBody = Type.Object({ tagId: Id, days: Type.Integer({ minimum: 1, maximum: HOLD_DAYS_MAX }) });
export type TagHoldDaysBody = Static<typeof TagHoldDaysBody>;
export const TagDeleteQuery = Type.Object({ id: Id });

export const ReviewState = Type.Enum(['unread', 'reviewed']);
export type ReviewState = Static<typeof ReviewState>;

export const IncidentRecord = Type.Object({
  eventId: Type.Integer(),
  type: IncidentTypeSchema,
  description: Nullable(Type.String()),
  tagId: Nullable(Type.Integer()),
  tagName: Nullable(Type.String()),
  ...VehicleRef,
  ...DeviceRef,
  speed: Nullable(Type.Number()),
  triggerTime: EpochMs,
  deviceTime: Nullable(EpochMs),
  localTime: Nullable(Type.String()),
  ...NullableLatLng,
  place: Nullable(Place),
  channel: Nullable(Type.Integer()),
  driverName: Nullable(Type.String({ description: "the name on the driver's card that was in the device when it happened" })),
  driverLicence: Nullable(Type.String({ description: 'the licence number on that card' })),
  reviewState: ReviewState,
  reviewTime: Nullable(EpochMs),
  latestReviewer: Nullable(Type.String()),
  ...CompanyRef,
  ...FleetRef,
  pictures: Type.Integer(),
  videos: Type.Integer(),
  comments: Type.Integer(),
  deletedTime: Nullable(EpochMs),
});
export type IncidentRecord = Static<typeof IncidentRecord>;

/** The filters the incident list, its export and the event map share. */
export const IncidentFilter = {
  licensePlate: Type.Optional(Type.String({ maxLength: 20 })),
  vehicleId: Type.Optional(Id),
  companyId: Type.Optional(Id),
  fleetId: Type.Optional(Id),
  type: Type.Optional(Type.Array(IncidentTypeSchema, { maxItems: incidentTypes.length })),
  tagId: Type.Optional(Type.Array(Id, { maxItems: 100 })),
};

export const IncidentListQuery = Type.Object({
  ...PageQuery,
  ...TimeFilter,
  ...IncidentFilter,
  reviewState: Type.Optional(ReviewState),
  minSpeed: Type.Optional(Type.Number({ minimum: 0 })),
  maxSpeed: Type.Optional(Type.Number({ minimum: 0 })),
});
export type IncidentListQuery = Static<typeof IncidentListQuery>;
/** The list's filters for the .xlsx export, and the name to save the file under. */
export const IncidentExportQuery = ExportQueryOf(IncidentListQuery);
export type IncidentExportQuery = Static<typeof IncidentExportQuery>;

export const ResourceRecord = Type.Object({
  resourceId: Type.Integer(),
  name: Type.String({ description: "the device's name of the file, as its `upload` history lines name it" }),
  kind: Type.Enum(['picture', 'video']),
  channel: Type.Integer(),
  state: Type.Integer({ description: 'SPEC section 3: 0 init … 6 removed from the device; -1 failed' }),
  failReason: Nullable(Type.String()),
  sizeBytes: Nullable(Type.Integer()),
  sha256: Nullable(Type.String()),
  startTime: Nullable(EpochMs),
  endTime: Nullable(EpochMs),
});
export type ResourceRecord = Static<typeof ResourceRecord>;

export const IncidentDetail = Type.Object({ ...IncidentRecord.properties, resources: Type.Array(ResourceRecord) });
export type IncidentDetail = Static<typeof IncidentDetail>;

export const EventIdQuery = Type.Object({ eventId: Id });
export const EventIdsBody = Type.Object({ eventId: Type.Array(Id, { minItems: 1, maxItems: 500 }) });
export type EventIdsBody = Static<typeof EventIdsBody>;
export const ReviewBody = Type.Object({ eventId: Id, tagId: Type.Optional(Id) });
export type ReviewBody = Static<typeof ReviewBody>;

export const CommentRecord = Type.Object({ id: Type.Integer(), body: Type.String(), username: Type.String(), time: EpochMs });
export type CommentRecord = Static<typeof CommentRecord>;
export const CommentListQuery = Type.Object({ ...PageQuery, eventId: Id });
export type CommentListQuery = Static<typeof CommentListQuery>;
export const CommentBody = Type.Object({ eventId: Id, body: Type.String({ maxLength: COMMENT_MAX_LENGTH }) });
export type CommentBody = Static<typeof CommentBody>;

export const HistoryRecord = Type.Object({
  id: Type.Integer(),
  action: Type.String(),
  username: Nullable(Type.String()),
  detail: Type.Unknown(),
  time: EpochMs,
});
export type HistoryRecord = Static<typeof HistoryRecord>;
export const HistoryListQuery = Type.Object({ ...PageQuery, eventId: Id });

/** SPEC section 3 upload states: from 4 (Platform Receive Success) the file is in the evidence store. */
export const uploadStates = [0, 1, 2, 3, 4, 5, 6, -1] as const;
export const UPLOAD_RECEIVED = 4;
/** How long a signed evidence URL opens its file. */
export const RESOURCE_URL_TTL_MS = 10 * 60_000;

export const ResourceTokenQuery = Type.Object({ eventId: Id, resourceId: Id });
export const ResourceUrl = Type.Object({ url: Type.String(), expireTime: EpochMs });
export type ResourceUrl = Static<typeof ResourceUrl>;

/** Issue 15: what was reached (a file of either kind, or a zip of the incident's evidence) and how. */
export const evidenceAccessKinds = ['picture', 'video', 'zip'] as const;
export const evidenceAccessActions = ['view', 'download'] as const;
export type EvidenceAccessKind = (typeof evidenceAccessKinds)[number];
export type EvidenceAccessAction = (typeof evidenceAccessActions)[number];

/** One view or download of an incident's evidence: by an account (as it was then) or through a share link. */
export const EvidenceAccessRecord = Type.Object({
  id: Type.Integer(),
  time: EpochMs,
  accountId: Nullable(Type.Integer()),
  username: Nullable(Type.String()),
  role: Nullable(Type.String()),
  /** Set for a view through a public share link (the `linkId` in the incident's `shared` history line). */
  shareLinkId: Nullable(Type.String()),
  /** Null for a zip of the incident's evidence. */
  resourceId: Nullable(Type.Integer()),
  kind: Type.Enum(evidenceAccessKinds),
  action: Type.Enum(evidenceAccessActions),
  ip: Nullable(Type.String()),
});
export type EvidenceAccessRecord = Static<typeof EvidenceAccessRecord>;
export const EvidenceAccessQuery = Type.Object({ ...PageQuery, eventId: Id });
export type EvidenceAccessQuery = Static<typeof EvidenceAccessQuery>;
/** The whole access list of an incident as .xlsx, under `filename`. */
export const EvidenceAccessExportQuery = ExportQueryOf(EvidenceAccessQuery);
export type EvidenceAccessExportQuery = Static<typeof EvidenceAccessExportQuery>;
