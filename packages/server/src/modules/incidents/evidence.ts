/** The evidence upload of SPEC section 3 (docs/device-protocol.md, `upload`): resource states, limits and the store's side. */
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { incident, incidentHistory, incidentResource } from '../../db/schema.js';
import type { StoredObject } from '../../storage/object-store.js';
import type { ObjectGrant } from '../../storage/signed-urls.js';

/** SPEC section 3: upload resource states. */
export const UploadState = {
  init: 0,
  apply: 1,
  urlSent: 2,
  started: 3,
  received: 4,
  success: 5,
  removed: 6,
  failed: -1,
} as const;

export { EVIDENCE_LIMITS } from '@safety-shield/contract/device';

/** How long an upload URL stays valid. */
export const UPLOAD_URL_TTL_MS = 15 * 60_000;

/** A resource's file in the store: a retry of an upload that did not complete uses the same key. */
export const evidenceKey = (incidentId: number, resourceRowId: number) => `incident/${incidentId}/${resourceRowId}`;

export function parseEvidenceKey(key: string): { incidentId: number; resourceRowId: number } | null {
  const match = /^incident\/(\d{1,15})\/(\d{1,15})$/.exec(key);
  return match ? { incidentId: Number(match[1]), resourceRowId: Number(match[2]) } : null;
}

/** The columns an upload's transition reads of its resource. */
export const resourceColumns = {
  id: incidentResource.id,
  incidentId: incidentResource.incidentId,
  deviceResourceId: incidentResource.deviceResourceId,
  kind: incidentResource.kind,
  state: incidentResource.state,
};

/** A resource of an incident this device reported, by the device's own names: a device finds only its own evidence. */
export const deviceResource = (uuid: string, ref: { incidentMessageId: string; resourceId: string }) =>
  and(eq(incident.deviceUuid, uuid), eq(incident.messageId, ref.incidentMessageId), eq(incidentResource.deviceResourceId, ref.resourceId));

export interface ResourceRef {
  id: number;
  incidentId: number;
  deviceResourceId: string;
}

/** Stores one transition: the resource's new state (with any other columns) and its `upload` history row. */
export async function moveUpload(
  tx: Tx,
  resource: ResourceRef,
  state: number,
  columns: Partial<typeof incidentResource.$inferInsert> = {},
  reason?: string,
): Promise<void> {
  // Only a failure carries a reason; one without a reason still says it failed.
  const failReason = state === UploadState.failed ? (reason ?? 'upload failed') : null;
  await tx
    .update(incidentResource)
    .set({ ...columns, state, failReason, updatedAt: new Date() })
    .where(eq(incidentResource.id, resource.id));
  await tx.insert(incidentHistory).values({
    incidentId: resource.incidentId,
    action: 'upload',
    username: null,
    detail: { resourceId: resource.deviceResourceId, state, ...(failReason ? { reason: failReason } : {}) },
  });
}

/** The resource a store key names, locked for the transition; null for keys of no resource. */
async function lockByKey(tx: Tx, key: string) {
  const parsed = parseEvidenceKey(key);
  if (!parsed) return null;
  const [row] = await tx
    .select({
      id: incidentResource.id,
      incidentId: incidentResource.incidentId,
      deviceResourceId: incidentResource.deviceResourceId,
      state: incidentResource.state,
    })
    .from(incidentResource)
    .where(and(eq(incidentResource.id, parsed.resourceRowId), eq(incidentResource.incidentId, parsed.incidentId)))
    .for('update');
  return row ?? null;
}

/** A resource that moved, for whoever follows uploads (on-demand requests, the console's push). */
export interface Moved {
  incidentId: number;
  resourceRowId: number;
  state: number;
}

/** Uploads still under way (or given up by the device) that a stored file or a refusal may settle. */
const open = (state: number) => state === UploadState.failed || (state >= UploadState.apply && state <= UploadState.started);

/** The store holds a complete, verified upload, recorded in `tx`: the resource moves to 4 with what was stored. */
export async function evidenceReceived(tx: Tx, grant: ObjectGrant, stored: StoredObject): Promise<Moved | null> {
  const row = await lockByKey(tx, grant.key);
  if (!row || !open(row.state)) return null;
  await moveUpload(tx, row, UploadState.received, {
    sizeBytes: stored.size,
    sha256: stored.sha256,
    contentType: grant.contentType ?? null,
    objectKey: grant.key,
  });
  return { incidentId: row.incidentId, resourceRowId: row.id, state: UploadState.received };
}

/** The store refused an upload (e.g. its bytes do not match the announced SHA-256): the resource fails with the reason. */
export async function evidenceRefused(db: Db, grant: ObjectGrant, reason: string): Promise<Moved | null> {
  return db.transaction(async (tx) => {
    const row = await lockByKey(tx, grant.key);
    if (!row || !open(row.state) || row.state === UploadState.failed) return null;
    await moveUpload(tx, row, UploadState.failed, {}, reason);
    return { incidentId: row.incidentId, resourceRowId: row.id, state: UploadState.failed };
  });
}
