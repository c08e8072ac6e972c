import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ContentCheck, checkKey } from './content-check.js';
import { type ObjectReader, type ObjectStore, type PutLimits, publishNow, type StagedObject, type StoredObject } from './object-store.js';

/**
 * Evidence files under DATA_DIR/objects. An upload streams to a temporary file through the content checks and is
 * renamed to its key only when complete, verified and published, so a dropped or refused upload never leaves a file behind.
 */
export class DiskStore implements ObjectStore {
  constructor(private readonly root: string) {}

  private file(key: string): string {
    return path.join(this.root, ...checkKey(key).split('/'));
  }

  put(key: string, body: Readable, limits: PutLimits): Promise<StoredObject> {
    return publishNow(this.stage(key, body, limits));
  }

  async stage(key: string, body: Readable, limits: PutLimits): Promise<StagedObject> {
    const target = this.file(key);
    const check = new ContentCheck(limits);
    await mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomBytes(6).toString('hex')}.part`;
    const discard = () => rm(temporary, { force: true });
    try {
      await pipeline(body, (source: AsyncIterable<Buffer>) => check.pass(source), createWriteStream(temporary));
    } catch (error) {
      await discard();
      throw error;
    }
    // A rename within a directory is atomic: readers see the old file or the new one whole.
    return { stored: check.result(), publish: () => rename(temporary, target), discard };
  }

  async get(key: string): Promise<ObjectReader | null> {
    const file = this.file(key);
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return null;
    return { size: info.size, read: (range) => createReadStream(file, range) };
  }

  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }
}
