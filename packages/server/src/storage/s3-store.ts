import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Config } from '../config.js';
import { ContentCheck, checkKey } from './content-check.js';
import type { ObjectReader, ObjectStore, PutLimits, StoredObject } from './object-store.js';

/** Multipart parts of 5 MiB (S3's least), two in flight: an upload of any length holds about 15 MiB at most. */
const PART_BYTES = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

const notFound = (error: unknown) =>
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404 ||
  (error as { name?: string }).name === 'NotFound' ||
  (error as { name?: string }).name === 'NoSuchKey';

/**
 * Evidence files in a bucket of an S3-compatible store (S3_ENDPOINT). An upload streams through the content checks
 * straight to its key, in parts when longer than one; S3 shows an object only once its PutObject or
 * CompleteMultipartUpload succeeds, and both are sent only after the checked stream ended cleanly, so a refused or
 * dropped upload never shows under the key (its parts are aborted; a crash leaves invisible parts, which a bucket
 * lifecycle rule AbortIncompleteMultipartUpload clears).
 */
export class S3Store implements ObjectStore {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(config: S3Config) {
    this.bucket = config.bucket;
    this.client = new S3Client({
      endpoint: config.endpoint,
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      // Without keys: the SDK's own chain (environment, instance or task role).
      credentials:
        config.accessKeyId && config.secretAccessKey
          ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
          : undefined,
      // The SDK's default CRC32 trailers are refused by many S3-compatible stores; we check SHA-256 ourselves.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async put(key: string, body: Readable, limits: PutLimits): Promise<StoredObject> {
    const check = new ContentCheck(limits);
    const checked = Readable.from(check.pass(body), { objectMode: false });
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: checkKey(key), Body: checked, ContentType: limits.contentType },
      partSize: PART_BYTES,
      queueSize: PARTS_IN_FLIGHT,
    });
    try {
      await upload.done();
    } catch (error) {
      // A failure of the store leaves the request's body unread: let it go.
      checked.destroy();
      body.destroy();
      // The SDK then aborts the parts sent; should that fail too, its error would hide why the upload failed.
      throw check.failure ?? error;
    }
    return check.result();
  }

  async get(key: string): Promise<ObjectReader | null> {
    const Key = checkKey(key);
    const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key })).catch((error: unknown) => {
      if (notFound(error)) return null;
      throw error;
    });
    if (!head) return null;
    const { client, bucket } = this;
    return {
      size: head.ContentLength ?? 0,
      // The object is fetched when the reply starts reading; IfMatch: a retried upload replacing it meanwhile fails the read
      // instead of sending bytes of another size than announced.
      read: (range) =>
        Readable.from(
          (async function* () {
            const object = await client.send(
              new GetObjectCommand({
                Bucket: bucket,
                Key,
                IfMatch: head.ETag,
                Range: range ? `bytes=${range.start}-${range.end}` : undefined,
              }),
            );
            yield* object.Body as Readable;
          })(),
          { objectMode: false },
        ),
    };
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: checkKey(key) }));
  }
}
