import { type Static, Type } from 'typebox';
import { EpochMs, Id, Nullable } from './common.js';
import { IncidentRecord, ResourceRecord } from './event.js';
import { MapConfig } from './vehicle.js';

export const SHARE_IDS_MAX = 100;
export const SHARE_DAYS_MAX = 30;

export const ShareBody = Type.Object({
  eventId: Type.Array(Id, { minItems: 1, maxItems: SHARE_IDS_MAX }),
  days: Type.Integer({ minimum: 1, maximum: SHARE_DAYS_MAX }),
});
export type ShareBody = Static<typeof ShareBody>;

/** The link to hand out: a path of the console (`/1ncident?token=…`) and when it stops opening anything. */
export const ShareLink = Type.Object({ url: Type.String(), expireTime: EpochMs });
export type ShareLink = Static<typeof ShareLink>;

export const PublicIncidentQuery = Type.Object({ token: Type.String({ minLength: 1, maxLength: 8192 }) });
export type PublicIncidentQuery = Static<typeof PublicIncidentQuery>;

/** A stored piece of evidence with a short-lived signed GET URL. */
export const PublicResource = Type.Object({
  ...Type.Pick(ResourceRecord, ['resourceId', 'kind', 'channel']).properties,
  contentType: Nullable(Type.String()),
  url: Type.String(),
});
export type PublicResource = Static<typeof PublicResource>;

/** What a share link shows of an incident: no comments, reviewers, history, organisations or device ids. */
const shown = [
  'eventId',
  'type',
  'tagName',
  'licensePlate',
  'speed',
  'triggerTime',
  'deviceTime',
  'localTime',
  'lat',
  'lng',
  'place',
] as const;
export const PublicIncident = Type.Object({
  ...Type.Pick(IncidentRecord, shown).properties,
  resources: Type.Array(PublicResource),
});
export type PublicIncident = Static<typeof PublicIncident>;

export const PublicIncidentList = Type.Object({
  records: Type.Array(PublicIncident),
  /** When the link itself expires. */
  expireTime: EpochMs,
  /** When the evidence URLs of this answer expire: the page asks again before then. */
  resourceExpireTime: EpochMs,
  /** The map background, since the public page has no session to ask `/v1/system/map` with. */
  map: MapConfig,
});
export type PublicIncidentList = Static<typeof PublicIncidentList>;
