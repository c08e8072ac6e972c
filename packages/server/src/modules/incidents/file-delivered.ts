/**
 * Evidence a device delivers itself over its protocol's own file channel (JT/T 808 active-safety attachments), not
 * through a signed upload URL: listed first, then stored whole through the same store, record and states as an
 * upload (SPEC section 3), so the console shows it like any other.
 */
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { incident, incidentResource } from '../../db/schema.js';
import type { DeliveredFile, ReportedResource } from '../../device-port/index.js';
import { AppError } from '../../http/errors.js';
import type { ObjectStore, StagedObject } from '../../storage/object-store.js';
import { recordUpload } from '../../storage/upload-records.js';
import { deviceResource, EVIDENCE_LIMITS, evidenceKey, type Moved, moveUpload, resourceColumns, UploadState } from './evidence.js';
import { resourceRows } from './file-incident.js';

/** Lists the files of an incident this device reported; false when it reported none of that id. */
export async function listDelivered(db: Db, uuid: string, incidentMessageId: string, files: ReportedResource[]): Promise<boolean> {
  const [found] = await db
    .select({ id: incident.id })
    .from(incident)
    .where(and(eq(incident.deviceUuid, uuid), eq(incident.messageId, incidentMessageId)));
  if (!found) return false;
  if (files.length === 0) return true;
  await db.insert(incidentResource).values(resourceRows(found.id, files)).onConflictDoNothing();
  return true;
}

/** The resource a delivered file names, of an incident of this device. */
async function resourceOf(db: Db | Tx, uuid: string, file: Pick<DeliveredFile, 'incidentMessageId' | 'resourceId'>) {
  const [row] = await db
    .select(resourceColumns)
    .from(incidentResource)
    .innerJoin(incident, eq(incident.id, incidentResource.incidentId))
    .where(deviceResource(uuid, file));
  return row;
}

export type DeliveredOutcome = { result: 'stored' | 'refused'; moved: Moved | null } | { result: 'unknown'; moved: null };

/**
 * Stores a delivered file under its resource's key, recorded with its size and SHA-256 in the transaction that moves
 * the resource through started and stored (3, 4); bytes its kind does not allow fail the resource with the
 * reason instead. A file whose key was recorded before (sent twice) changes nothing.
 */
export async function storeDelivered(db: Db, store: ObjectStore, uuid: string, file: DeliveredFile): Promise<DeliveredOutcome> {
  const row = await resourceOf(db, uuid, file);
  if (!row) return { result: 'unknown', moved: null };
  if (row.state >= UploadState.received) return { result: 'stored', moved: null };
  const limits = EVIDENCE_LIMITS[row.kind];
  const key = evidenceKey(row.incidentId, row.id);
  const refuse = (reason: string) =>
    db.transaction(async (tx): Promise<DeliveredOutcome> => {
      await moveUpload(tx, row, UploadState.failed, {}, reason);
      return { result: 'refused', moved: { incidentId: row.incidentId, resourceRowId: row.id, state: UploadState.failed } };
    });
  if (file.size > limits.maxBytes) return refuse(`a ${row.kind} may have at most ${limits.maxBytes} bytes`);
  let staged: StagedObject;
  try {
    staged = await store.stage(key, file.open(), { maxBytes: limits.maxBytes, contentType: limits.contentType });
  } catch (error) {
    // The bytes are not a file of the kind (e.g. not a JPEG): sending them again would not help.
    if (error instanceof AppError) return refuse(`not a ${limits.contentType} file (${error.detail ?? error.codeKey})`);
    throw error;
  }
  try {
    const recorded = await recordUpload(db, key, staged, async (tx) => {
      const [locked] = await tx
        .select({ state: incidentResource.state })
        .from(incidentResource)
        .where(eq(incidentResource.id, row.id))
        .for('update');
      if (!locked || locked.state >= UploadState.received) return null;
      const stored = { sizeBytes: staged.stored.size, sha256: staged.stored.sha256, contentType: limits.contentType, objectKey: key };
      await moveUpload(tx, row, UploadState.started);
      // Not 5 ("the device freed its space"): the protocol does not say whether it did.
      await moveUpload(tx, row, UploadState.received, stored);
      return { incidentId: row.incidentId, resourceRowId: row.id, state: UploadState.received };
    });
    return { result: 'stored', moved: recorded?.value ?? null };
  } finally {
    await staged.discard();
  }
}
