import { type Static, Type } from 'typebox';
import { EventIdsBody, ResourceUrl } from './event.js';

/** SPEC section 9: a zip of evidence may take this long before the console gives up. */
export const ZIP_DOWNLOAD_TIMEOUT_MS = 200_000;
/** The name the evidence zip is saved under. */
export const EVIDENCE_ZIP_NAME = 'incidents-evidence.zip';
/** The zip's integrity file: `sha256sum -c SHA256SUMS` checks every file in it. */
export const EVIDENCE_SUMS_NAME = 'SHA256SUMS';

/** `PUT /v1/event/resource/listV1` and `/pic/list`: the chosen incidents (all of them must be the caller's to see). */
export const EvidenceBody = EventIdsBody;
export type EvidenceBody = Static<typeof EvidenceBody>;

/** One stored picture of an incident with a signed URL that opens it until `expireTime`. */
export const PictureUrl = Type.Object({
  eventId: Type.Integer(),
  resourceId: Type.Integer(),
  channel: Type.Integer(),
  ...ResourceUrl.properties,
});
export type PictureUrl = Static<typeof PictureUrl>;
