import { Type } from 'typebox';
import { Created, mediaTypes, PageOf } from '../api/common.js';
import {
  CommentBody,
  CommentListQuery,
  CommentRecord,
  EventIdQuery,
  EventIdsBody,
  EvidenceAccessExportQuery,
  EvidenceAccessQuery,
  EvidenceAccessRecord,
  HistoryListQuery,
  HistoryRecord,
  IncidentDetail,
  IncidentExportQuery,
  IncidentListQuery,
  IncidentRecord,
  ResourceTokenQuery,
  ResourceUrl,
  ReviewBody,
  TagCreateBody,
  TagDeleteQuery,
  TagHoldDaysBody,
  TagListQuery,
  TagRecord,
  TagRenameBody,
  TagStateBody,
} from '../api/event.js';
import { EventMap, EventMapQuery } from '../api/event-map.js';
import { ClipRequestQuery, EvidenceTask, EvidenceTaskRecord, PictureRequestQuery, TaskIdQuery } from '../api/evidence-request.js';
import { EvidenceBody, PictureUrl } from '../api/resource.js';
import { PublicIncidentList, PublicIncidentQuery, ShareBody, ShareLink } from '../api/share.js';
import { endpoints } from '../endpoint.js';
import { fleetAdminsAndAbove, type Role } from '../roles.js';

/** The OpenAPI tag of every incident call (evidence, requests, shares and the map included). */
const TAG = 'incidents';
/** Incidents are reviewed, commented, binned, shared and asked evidence for by the admins down to a fleet's. */
const writers = fleetAdminsAndAbove;
/**
 * Who sees an incident's evidence access list: the roles SPEC section 6 gives incident data (scope decides which
 * incidents), the Super Admin's read-only assistants included; Site Admins see no incident.
 */
const evidenceAuditors: readonly Role[] = [...fleetAdminsAndAbove, 'SUPER_ASSISTANT'];
/** SPEC section 2: `/event/tag/list` is the Super Admin's and the Company Admin's. */
const tagManagers: readonly Role[] = ['SUPER_ADMIN', 'COMPANY_ADMIN'];

/** One of a tag's three switches: one body shape, one column each. */
const tagSwitch = <const P extends `/${string}`, const F extends string>(path: P, summary: string, field: F) =>
  ({
    method: 'PUT',
    path,
    summary,
    access: tagManagers,
    audit: `event.tag.${field}`,
    auditTarget: 'tagId',
    body: TagStateBody,
  }) as const;

/** Incident calls of SPEC section 7 (review, comments, history, recycle bin, tags, export). */
export const eventApi = endpoints(TAG, {
  list: {
    method: 'GET',
    path: '/v2/event/list',
    summary: 'Incidents of the caller’s scope, newest first',
    access: 'session',
    query: IncidentListQuery,
    response: PageOf(IncidentRecord),
  },
  recycleBin: {
    method: 'GET',
    path: '/v2/event/list/recycleBin',
    summary: 'Incidents in the recycle bin, last deleted first',
    access: 'session',
    query: IncidentListQuery,
    response: PageOf(IncidentRecord),
  },
  info: {
    method: 'GET',
    path: '/v2/event/info',
    summary: 'One incident with its evidence',
    access: 'session',
    query: EventIdQuery,
    response: IncidentDetail,
  },
  review: {
    method: 'PUT',
    path: '/v2/event/review',
    summary: 'Mark an incident reviewed by the caller (and re-tag it)',
    access: writers,
    audit: 'event.review',
    auditTarget: 'eventId',
    body: ReviewBody,
  },
  reviewLog: {
    method: 'GET',
    path: '/v1/event/check/log',
    summary: 'Who reviewed an incident and when',
    access: 'session',
    query: EventIdQuery,
    response: Type.Array(HistoryRecord),
  },
  history: {
    method: 'GET',
    path: '/v2/event/history',
    summary: 'Everything that happened to an incident, oldest first',
    access: 'session',
    query: EventIdQuery,
    response: Type.Array(HistoryRecord),
  },
  historyPage: {
    method: 'GET',
    path: '/v2/event/history/list',
    summary: 'An incident’s history, newest first, paged',
    access: 'session',
    query: HistoryListQuery,
    response: PageOf(HistoryRecord),
  },
  accessList: {
    method: 'GET',
    path: '/v2/event/access/list',
    summary: 'Who viewed or downloaded an incident’s evidence, when and from where, newest first',
    access: evidenceAuditors,
    query: EvidenceAccessQuery,
    response: PageOf(EvidenceAccessRecord),
  },
  accessExport: {
    method: 'GET',
    path: '/v2/event/access/export',
    summary: 'An incident’s evidence access list as an .xlsx file, newest first',
    access: evidenceAuditors,
    query: EvidenceAccessExportQuery,
    raw: true,
    produces: [mediaTypes.xlsx],
  },
  remove: {
    method: 'PUT',
    path: '/v2/event/info/delete/batch',
    summary: 'Move incidents to the recycle bin',
    access: writers,
    audit: 'event.delete',
    auditTarget: 'eventId',
    body: EventIdsBody,
  },
  restore: {
    method: 'PUT',
    path: '/v2/event/info/restore',
    summary: 'Restore incidents from the recycle bin',
    access: writers,
    audit: 'event.restore',
    auditTarget: 'eventId',
    body: EventIdsBody,
  },
  removeForever: {
    method: 'PUT',
    path: '/v2/event/info/forever',
    summary: 'Delete incidents in the recycle bin for good, evidence included',
    access: writers,
    audit: 'event.forever',
    auditTarget: 'eventId',
    body: EventIdsBody,
  },
  export: {
    method: 'GET',
    path: '/v2/event/export',
    summary: 'The incident list as an .xlsx file, with the list’s filters',
    access: 'session',
    query: IncidentExportQuery,
    raw: true,
    produces: [mediaTypes.xlsx],
  },
  resourceUrl: {
    method: 'GET',
    path: '/v1/event/resource/token',
    summary: 'A signed URL of one stored piece of evidence, valid for a few minutes',
    access: 'session',
    query: ResourceTokenQuery,
    response: ResourceUrl,
  },
  comments: {
    method: 'GET',
    path: '/v1/event/comment/list',
    summary: 'Comments on an incident, newest first',
    access: 'session',
    query: CommentListQuery,
    response: PageOf(CommentRecord),
  },
  comment: {
    method: 'POST',
    path: '/v1/event/comment',
    summary: 'Comment on an incident',
    access: writers,
    audit: 'event.comment',
    auditTarget: 'eventId',
    body: CommentBody,
    response: Created,
  },
  tags: {
    method: 'GET',
    path: '/v1/event/tag',
    summary: 'Tags for filters and re-tagging',
    access: 'session',
    query: TagListQuery,
    response: Type.Array(TagRecord),
  },
  tagList: {
    method: 'GET',
    path: '/v1/event/tag/list',
    summary: 'A company’s tags with their settings and incident counts',
    access: tagManagers,
    query: TagListQuery,
    response: Type.Array(TagRecord),
  },
  createTag: {
    method: 'POST',
    path: '/v1/event/tag',
    summary: 'Add a tag to a company',
    access: tagManagers,
    audit: 'event.tag.create',
    body: TagCreateBody,
    response: Created,
  },
  renameTag: {
    method: 'PUT',
    path: '/v1/event/tag',
    summary: 'Rename a tag',
    access: tagManagers,
    audit: 'event.tag.update',
    auditTarget: 'id',
    body: TagRenameBody,
  },
  removeTag: {
    method: 'DELETE',
    path: '/v1/event/tag',
    summary: 'Delete a company’s own tag (its incidents move to General)',
    access: tagManagers,
    audit: 'event.tag.delete',
    auditTarget: 'id',
    query: TagDeleteQuery,
  },
  restoreTags: {
    method: 'GET',
    path: '/v1/event/tag/restore',
    summary: 'Restore a company’s three default tags',
    access: tagManagers,
    audit: 'event.tag.restore',
    query: TagListQuery,
  },
  setTagReceiveIncident: tagSwitch('/v1/event/tag/receive/incident/state', 'Receive incidents of a tag or not', 'receiveIncident'),
  setTagReceiveVideo: tagSwitch('/v1/event/tag/receive/video/state', 'Receive videos of a tag or pictures only', 'receiveVideo'),
  setTagNotifyEmail: tagSwitch('/v1/event/tag/notify/email/state', 'E-mail new incidents of a tag or not', 'notifyEmail'),
  setTagHoldDays: {
    method: 'PUT',
    path: '/v1/event/tag/holdDays',
    summary: 'Days the evidence of a tag is kept',
    access: tagManagers,
    audit: 'event.tag.holdDays',
    auditTarget: 'tagId',
    body: TagHoldDaysBody,
  },
});

/** The incident map (SPEC section 2, `/map/event`). */
export const eventMapApi = endpoints(TAG, {
  clusters: {
    method: 'GET',
    path: '/v2/event/map',
    summary: 'Incidents of the caller’s scope clustered on a grid for a map view (at most 92 days)',
    access: 'session',
    query: EventMapQuery,
    response: EventMap,
  },
});

/** SPEC section 7, Device: on-demand evidence requests (docs/device-protocol.md, `evidenceRequest`). */
export const evidenceRequestApi = endpoints(TAG, {
  picture: {
    method: 'GET',
    path: '/v1/device/getCtrDeviceUploadPic',
    summary: 'Ask the device to upload one file of an incident now',
    access: writers,
    audit: 'device.evidence.picture',
    query: PictureRequestQuery,
    response: EvidenceTask,
  },
  videos: {
    method: 'GET',
    path: '/v1/device/getCtrDeviceUploadVideo',
    summary: 'Ask the device to upload the videos of an incident it still holds',
    access: writers,
    audit: 'device.evidence.video',
    auditTarget: 'eventId',
    query: EventIdQuery,
    response: EvidenceTask,
  },
  batchPictures: {
    method: 'PUT',
    path: '/v1/device/batch/getCtrDeviceUploadPic',
    summary: 'Ask the devices of up to 500 incidents to upload their pictures (all or none)',
    access: writers,
    audit: 'device.evidence.batch.picture',
    auditTarget: 'eventId',
    body: EventIdsBody,
    response: Type.Array(EvidenceTask),
  },
  batchVideos: {
    method: 'PUT',
    path: '/v1/device/batch/getCtrDeviceUploadVideo',
    summary: 'Ask the devices of up to 500 incidents to upload their videos (all or none)',
    access: writers,
    audit: 'device.evidence.batch.video',
    auditTarget: 'eventId',
    body: EventIdsBody,
    response: Type.Array(EvidenceTask),
  },
  clip: {
    method: 'GET',
    path: '/v1/device/getDeviceUploadVideoUrl',
    summary: 'Ask the device for a clip of 20 s around a moment, on the channel of a resource',
    access: writers,
    audit: 'device.evidence.clip',
    query: ClipRequestQuery,
    response: EvidenceTask,
  },
  cancel: {
    method: 'GET',
    path: '/v1/device/cancelTask',
    summary: 'Cancel an evidence request that is waiting or sent',
    access: writers,
    audit: 'device.evidence.cancel',
    auditTarget: 'taskId',
    query: TaskIdQuery,
    response: EvidenceTask,
  },
  list: {
    method: 'GET',
    path: '/v1/device/evidenceTask/list',
    summary: 'The evidence requests of an incident, newest first',
    access: 'session',
    query: EventIdQuery,
    response: Type.Array(EvidenceTaskRecord),
  },
});

/** SPEC section 7: the evidence zip of chosen incidents and their pictures' URLs. */
export const resourceApi = endpoints(TAG, {
  zip: {
    method: 'PUT',
    path: '/v1/event/resource/listV1',
    summary: 'The stored evidence of chosen incidents as one zip, with a SHA256SUMS file',
    access: 'session',
    audit: 'event.evidence.download',
    auditTarget: 'eventId',
    body: EvidenceBody,
    raw: true,
    produces: [mediaTypes.zip],
  },
  pictures: {
    method: 'PUT',
    path: '/v1/event/resource/pic/list',
    summary: 'Signed URLs of the stored pictures of chosen incidents',
    access: 'session',
    audit: 'event.picture.list',
    auditTarget: 'eventId',
    body: EvidenceBody,
    response: Type.Array(PictureUrl),
  },
});

/**
 * Issue 6 share links: a signed grant of some incidents for 1–30 days, opened without a session by anyone holding
 * it. Sharing hands incidents to outsiders, so it takes an incident writer.
 */
export const shareApi = endpoints(TAG, {
  create: {
    method: 'POST',
    path: '/v2/event/share',
    summary: 'A signed link that shows some incidents to anyone holding it, for 1 to 30 days',
    access: writers,
    audit: 'event.share',
    body: ShareBody,
    response: ShareLink,
  },
  publicList: {
    method: 'GET',
    path: '/v2/event/public/list',
    summary: 'The incidents a share link grants (no session: the token is the whole authority)',
    access: 'public',
    // Guessing tokens is held to the login's pace.
    rate: 'public',
    query: PublicIncidentQuery,
    response: PublicIncidentList,
  },
});
