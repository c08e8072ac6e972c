/** Stored evidence of several incidents at once: who may have it, what the zip calls each file, and signed URLs. */
import { RESOURCE_URL_TTL_MS, type ResourceUrl, UPLOAD_RECEIVED } from '@safety-shield/contract';
import { and, asc, eq, gte, inArray, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { incident, incidentResource } from '../../db/schema.js';
import type { Principal } from '../../http/principal.js';
import { inScope, outOfScope } from '../../http/scope.js';
import { OBJECTS_PATH } from '../../storage/routes.js';
import type { AccessGrant, ObjectSigner } from '../../storage/signed-urls.js';

/** A resource the store holds (state 4 and on), with what its zip entry is named after. */
export interface StoredEvidence {
  incidentId: number;
  resourceId: number;
  kind: 'picture' | 'video';
  channel: number;
  objectKey: string;
  contentType: string | null;
  sizeBytes: number | null;
  sha256: string | null;
  startAt: Date | null;
  triggerAt: Date;
  licensePlate: string | null;
  deviceUuid: string;
  type: string;
}

/**
 * All-or-none: every incident asked for must be in the caller's scope (recycle bin included, as on its detail page),
 * else the whole call is refused, so a batch cannot be used to probe other organisations' ids.
 */
export async function visibleIncidents(db: Db, principal: Principal, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const rows = await db
    .select({ id: incident.id })
    .from(incident)
    .where(and(inScope(principal, incident), inArray(incident.id, unique)));
  if (rows.length !== unique.length) throw outOfScope(principal, 'EVENT_NOT_EXIST');
  return unique;
}

/** The stored files of these incidents (already checked visible), by incident, channel, kind and id. */
export async function storedEvidence(db: Db, incidentIds: number[], kind?: 'picture' | 'video'): Promise<StoredEvidence[]> {
  const rows = await db
    .select({
      incidentId: incidentResource.incidentId,
      resourceId: incidentResource.id,
      kind: incidentResource.kind,
      channel: incidentResource.channel,
      objectKey: incidentResource.objectKey,
      contentType: incidentResource.contentType,
      sizeBytes: incidentResource.sizeBytes,
      sha256: incidentResource.sha256,
      startAt: incidentResource.startAt,
      triggerAt: incident.triggerAt,
      licensePlate: incident.licensePlate,
      deviceUuid: incident.deviceUuid,
      type: incident.type,
    })
    .from(incidentResource)
    .innerJoin(incident, eq(incident.id, incidentResource.incidentId))
    .where(
      and(
        inArray(incidentResource.incidentId, incidentIds),
        gte(incidentResource.state, UPLOAD_RECEIVED),
        isNotNull(incidentResource.objectKey),
        kind ? eq(incidentResource.kind, kind) : undefined,
      ),
    )
    .orderBy(asc(incidentResource.incidentId), asc(incidentResource.channel), asc(incidentResource.kind), asc(incidentResource.id));
  return rows.flatMap((row) => (row.objectKey ? [{ ...row, objectKey: row.objectKey }] : []));
}

/** Letters, digits, dot, dash and underscore only: a plate like `AB 12/3` cannot make a folder or leave the zip. */
export const safeName = (text: string) =>
  text
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(0, 64) || '_';

/** `<incident id>_<plate or device>_<type>/<channel>_<kind>_<resource id>.jpg|mp4` */
export function entryName(file: StoredEvidence): string {
  const folder = `${file.incidentId}_${safeName(file.licensePlate || file.deviceUuid)}_${safeName(file.type)}`;
  const extension = file.kind === 'video' ? 'mp4' : 'jpg';
  return `${folder}/${file.channel}_${file.kind}_${file.resourceId}.${extension}`;
}

/**
 * A GET URL of one stored file, valid for RESOURCE_URL_TTL_MS (the store serves it with range support); `access` names
 * the viewer and the file, so the store records the view when it serves the file (issue 15).
 */
export function signedResourceUrl(
  signer: ObjectSigner,
  resource: { objectKey: string; contentType: string | null },
  access: AccessGrant,
  now = Date.now(),
): ResourceUrl {
  const expireTime = now + RESOURCE_URL_TTL_MS;
  const token = signer.sign({
    op: 'get',
    key: resource.objectKey,
    exp: expireTime,
    contentType: resource.contentType ?? undefined,
    access,
  });
  return { url: `${OBJECTS_PATH}/${token}`, expireTime };
}
