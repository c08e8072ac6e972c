import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.js';
import { objectUpload } from '../db/schema.js';
import type { StagedObject, StoredObject } from './object-store.js';

/** The size and SHA-256 recorded for the object an upload link stored under `key`, or null while none did. */
export async function recordedUpload(db: Db | Tx, key: string): Promise<StoredObject | null> {
  const [row] = await db
    .select({ size: objectUpload.size, sha256: objectUpload.sha256 })
    .from(objectUpload)
    .where(eq(objectUpload.key, key));
  return row ?? null;
}

/**
 * Records a staged upload under its key and publishes it, in one transaction with what `alongside` writes (the evidence
 * flow moves its resource on). The database decides which upload completes a key, whichever node took it: a concurrent
 * one waits on the key's row and finds it taken. Null, with nothing published or written, when the key's upload was
 * recorded before; from then on the object never changes.
 */
export function recordUpload<T>(
  db: Db,
  key: string,
  staged: StagedObject,
  alongside: (tx: Tx) => Promise<T>,
): Promise<{ value: T } | null> {
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .insert(objectUpload)
      .values({ key, ...staged.stored })
      .onConflictDoNothing()
      .returning({ key: objectUpload.key });
    if (!taken) return null;
    const value = await alongside(tx);
    // Last: a failure before it leaves the object unpublished and nothing written, so the link may be used again.
    await staged.publish();
    return { value };
  });
}
