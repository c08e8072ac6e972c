import path from 'node:path';
import type { Config } from '../config.js';
import { DiskStore } from './disk-store.js';
import type { ObjectStore } from './object-store.js';
import { S3Store } from './s3-store.js';

/** S3_ENDPOINT switches to the S3-compatible store; else files under DATA_DIR/objects. */
export function createObjectStore(config: Partial<Pick<Config, 'dataDir' | 's3'>>): ObjectStore {
  if (config.s3) return new S3Store(config.s3);
  return new DiskStore(path.join(config.dataDir ?? path.resolve('data'), 'objects'));
}
