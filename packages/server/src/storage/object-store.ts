import type { Readable } from 'node:stream';

export interface StoredObject {
  size: number;
  /** Hex SHA-256 of the bytes as stored: anyone can check the file was not altered. */
  sha256: string;
}

export interface PutLimits {
  maxBytes: number;
  contentType: string;
  /** The hex SHA-256 the uploader announced: other bytes are refused (`CHECKSUM_MISMATCH`) and never stored. */
  sha256?: string;
}

/** A stored object: its size, and a reader of the whole of it or of a byte range (HTTP range requests let videos seek). */
export interface ObjectReader {
  size: number;
  read(range?: { start: number; end: number }): Readable;
}

/**
 * An upload checked to its end and held where no reader sees it (a temporary file, a multipart upload not completed)
 * until it is published under its key or discarded.
 */
export interface StagedObject {
  stored: StoredObject;
  /** Makes it the object under its key, at once and whole (replacing one there). */
  publish(): Promise<void>;
  /** Drops it, unless it was published; may be called again. */
  discard(): Promise<void>;
}

/**
 * Where evidence files live (ARCHITECTURE section 1: disk, or an S3-compatible store). Every upload streams through
 * `ContentCheck` and appears under its key only complete and verified; a refused or dropped one leaves nothing there.
 */
export interface ObjectStore {
  /** Stages and publishes at once: for the portal's own files (firmware packages), which no upload link can repeat. */
  put(key: string, body: Readable, limits: PutLimits): Promise<StoredObject>;
  /** Stages an upload: the signed links' route publishes it only once it recorded it (upload-records.ts). */
  stage(key: string, body: Readable, limits: PutLimits): Promise<StagedObject>;
  get(key: string): Promise<ObjectReader | null>;
  /** Removes the object; nothing to remove is not an error. */
  delete(key: string): Promise<void>;
}

/** `put` of every store: the staged upload published at once. */
export async function publishNow(staging: Promise<StagedObject>): Promise<StoredObject> {
  const staged = await staging;
  try {
    await staged.publish();
  } finally {
    await staged.discard();
  }
  return staged.stored;
}
