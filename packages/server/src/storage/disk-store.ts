import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../http/errors.js';

export interface StoredObject {
  size: number;
  /** Hex SHA-256 of the bytes as stored: anyone can check the file was not altered. */
  sha256: string;
}

/** The first bytes each accepted evidence type starts with (a type is checked by content, not by its label). */
const signatures: Record<string, (head: Buffer) => boolean> = {
  'image/jpeg': (head) => head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff,
  'image/png': (head) => head.subarray(0, 4).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47])),
  'video/mp4': (head) => head.subarray(4, 8).toString('latin1') === 'ftyp',
};
export const evidenceTypes = Object.keys(signatures);

/** Keys are ours (`incident/123/…`), never a caller's path: no dots, no leading slash. */
const SAFE_KEY = /^[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/;

/**
 * Evidence files under DATA_DIR/objects. An upload streams to a temporary file while its size and SHA-256 are
 * counted and appears under its key only when complete, so a dropped upload never leaves half a file behind.
 */
export class DiskStore {
  constructor(private readonly root: string) {}

  private file(key: string): string {
    if (!SAFE_KEY.test(key)) throw new AppError('PARAM_CHECK_FAIL', 'key');
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, body: Readable, limits: { maxBytes: number; contentType: string }): Promise<StoredObject> {
    const target = this.file(key);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomBytes(6).toString('hex')}.part`;
    const hash = createHash('sha256');
    let size = 0;
    let head = Buffer.alloc(0);
    const check = signatures[limits.contentType];
    if (!check) throw new AppError('UPLOAD_FILE_FAIL', 'content type');
    try {
      await pipeline(
        body,
        async function* (source: AsyncIterable<Buffer>) {
          for await (const chunk of source) {
            size += chunk.length;
            if (size > limits.maxBytes) throw new AppError('UPLOAD_FILE_FAIL', 'too large');
            if (head.length < 16) {
              head = Buffer.concat([head, chunk]).subarray(0, 16);
              if (head.length >= 8 && !check(head)) throw new AppError('UPLOAD_FILE_FAIL', 'content does not match its type');
            }
            hash.update(chunk);
            yield chunk;
          }
        },
        createWriteStream(temporary),
      );
      if (size === 0 || head.length < 8 || !check(head)) throw new AppError('UPLOAD_FILE_FAIL', 'content does not match its type');
      await rename(temporary, target);
      return { size, sha256: hash.digest('hex') };
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }

  /** Size, and a reader of the whole file or of a byte range (HTTP range requests let videos seek). */
  async get(key: string): Promise<{ size: number; read(range?: { start: number; end: number }): Readable } | null> {
    const file = this.file(key);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return null;
    return { size: info.size, read: (range) => createReadStream(file, range) };
  }

  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }
}
