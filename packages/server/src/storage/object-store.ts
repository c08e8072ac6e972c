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
 * Where evidence files live (ARCHITECTURE section 1: disk, or an S3-compatible store). Every upload streams through
 * `ContentCheck` and appears under its key only complete and verified; a refused or dropped one leaves nothing there.
 */
export interface ObjectStore {
  put(key: string, body: Readable, limits: PutLimits): Promise<StoredObject>;
  get(key: string): Promise<ObjectReader | null>;
  /** Removes the object; nothing to remove is not an error. */
  delete(key: string): Promise<void>;
}
