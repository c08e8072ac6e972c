import { createHash } from 'node:crypto';
import { AppError } from '../http/errors.js';
import type { PutLimits, StoredObject } from './object-store.js';

/** The first bytes each accepted upload type starts with (a type is checked by content, not by its label). */
const signatures: Record<string, (head: Buffer) => boolean> = {
  'image/jpeg': (head) => head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff,
  'image/png': (head) => head.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47])),
  'video/mp4': (head) => head.subarray(4, 8).toString('latin1') === 'ftyp',
  // A device's runtime log (docs/device-protocol.md, `logUpload`).
  'application/gzip': (head) => head[0] === 0x1f && head[1] === 0x8b,
  // Firmware packages: any bytes (a device checks their SHA-256 before installing).
  'application/octet-stream': () => true,
};
export const uploadTypes = Object.keys(signatures);

/** The detail of the refusal of bytes that are not the ones announced (the evidence flow fails the resource with it). */
export const CHECKSUM_MISMATCH = 'checksum mismatch';

/** Keys are ours (`incident/123/…`), never a caller's path: no dots, no leading slash. */
const SAFE_KEY = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/;

export function checkKey(key: string): string {
  if (!SAFE_KEY.test(key)) throw new AppError('PARAM_CHECK_FAIL', 'key');
  return key;
}

/**
 * The checks of an upload while it streams, shared by every store: size limit, type by signature, SHA-256 (and the
 * announced one). `pass` is a pipeline step that throws at the first bad byte and, for what only the end can tell,
 * before it ends: a store commits an upload on a clean end of the stream (rename, PutObject, CompleteMultipartUpload),
 * so a refused one is never committed.
 */
export class ContentCheck {
  private readonly hash = createHash('sha256');
  private readonly matches: (head: Buffer) => boolean;
  private size = 0;
  private head = Buffer.alloc(0);
  private stored: StoredObject | undefined;

  constructor(private readonly limits: PutLimits) {
    const matches = signatures[limits.contentType];
    if (!matches) throw new AppError('UPLOAD_FILE_FAIL', 'content type');
    this.matches = matches;
  }

  /** Why the upload failed (a refusal, or the uploader's stream breaking), when it did. */
  failure: unknown;

  async *pass(source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
    try {
      yield* this.checked(source);
    } catch (error) {
      this.failure = error;
      throw error;
    }
  }

  private async *checked(source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
    for await (const chunk of source) {
      this.size += chunk.length;
      if (this.size > this.limits.maxBytes) throw new AppError('UPLOAD_FILE_FAIL', 'too large');
      if (this.head.length < 16) {
        this.head = Buffer.concat([this.head, chunk]).subarray(0, 16);
        if (this.head.length >= 8 && !this.matches(this.head)) throw new AppError('UPLOAD_FILE_FAIL', 'content does not match its type');
      }
      this.hash.update(chunk);
      yield chunk;
    }
    if (this.size === 0 || this.head.length < 8 || !this.matches(this.head)) {
      throw new AppError('UPLOAD_FILE_FAIL', 'content does not match its type');
    }
    const sha256 = this.hash.digest('hex');
    if (this.limits.sha256 && this.limits.sha256 !== sha256) throw new AppError('UPLOAD_FILE_FAIL', CHECKSUM_MISMATCH);
    this.stored = { size: this.size, sha256 };
  }

  /** What passed, once the whole stream did. */
  result(): StoredObject {
    if (!this.stored) throw new Error('the upload was not checked to its end');
    return this.stored;
  }
}
