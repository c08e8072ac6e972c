import { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  type CompletedPart,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import type { S3Config } from '../config.js';
import { ContentCheck, checkKey } from './content-check.js';
import { type ObjectReader, type ObjectStore, type PutLimits, publishNow, type StagedObject, type StoredObject } from './object-store.js';

/** Multipart parts of 5 MiB (S3's least), two in flight: an upload of any length holds about 15 MiB at most. */
const PART_BYTES = 5 * 1024 * 1024;
const PARTS_IN_FLIGHT = 2;

/** A multipart upload under way: where it goes and its id. */
interface MultipartUpload {
  Bucket: string;
  Key: string;
  UploadId: string;
}

const notFound = (error: unknown) =>
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404 ||
  (error as { name?: string }).name === 'NotFound' ||
  (error as { name?: string }).name === 'NoSuchKey';

/**
 * Evidence files in a bucket of an S3-compatible store (S3_ENDPOINT). An upload streams through the content checks
 * into a multipart upload, in parts; S3 shows an object only once its CompleteMultipartUpload succeeds, which is sent
 * only when the upload is published (after the checked stream ended cleanly, and the upload was recorded), so a
 * refused or dropped upload never shows under the key (its parts are aborted; a crash leaves invisible parts, which a
 * bucket lifecycle rule AbortIncompleteMultipartUpload clears).
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

  put(key: string, body: Readable, limits: PutLimits): Promise<StoredObject> {
    return publishNow(this.stage(key, body, limits));
  }

  /** A multipart upload of the checked stream, completed (published) or aborted (discarded) later. */
  async stage(key: string, body: Readable, limits: PutLimits): Promise<StagedObject> {
    const check = new ContentCheck(limits);
    const target = { Bucket: this.bucket, Key: checkKey(key) };
    const { UploadId } = await this.client.send(new CreateMultipartUploadCommand({ ...target, ContentType: limits.contentType }));
    if (!UploadId) throw new Error('the object store started no multipart upload');
    const upload = { ...target, UploadId };
    let open = true;
    const discard = async () => {
      if (!open) return;
      open = false;
      // Should the abort fail, a bucket lifecycle rule AbortIncompleteMultipartUpload clears the parts.
      await this.client.send(new AbortMultipartUploadCommand(upload)).catch(() => undefined);
    };
    let parts: CompletedPart[];
    try {
      parts = await this.sendParts(upload, check.pass(body));
    } catch (error) {
      // A failure of the store leaves the request's body unread: let it go.
      body.destroy();
      await discard();
      // A refusal or a dropped stream says why the upload failed better than the store's errors that followed.
      throw check.failure ?? error;
    }
    return {
      stored: check.result(),
      publish: async () => {
        await this.client.send(new CompleteMultipartUploadCommand({ ...upload, MultipartUpload: { Parts: parts } }));
        open = false;
      },
      discard,
    };
  }

  /** Sends the stream in parts of PART_BYTES (the last one shorter), PARTS_IN_FLIGHT at a time; the parts in order. */
  private async sendParts(upload: MultipartUpload, chunks: AsyncIterable<Buffer>) {
    const parts: CompletedPart[] = [];
    const sending = new Set<Promise<void>>();
    const send = async (Body: Buffer) => {
      // A part that failed stays in the set, so the next wait (or the last) throws its error.
      while (sending.size >= PARTS_IN_FLIGHT) await Promise.race(sending);
      const PartNumber = parts.length + 1;
      const part: CompletedPart = { PartNumber };
      parts.push(part);
      const sent = this.client.send(new UploadPartCommand({ ...upload, PartNumber, Body })).then((answer) => {
        part.ETag = answer.ETag;
        sending.delete(sent);
      });
      // Handled here too: a failure not waited for yet is no unhandled rejection.
      sent.catch(() => undefined);
      sending.add(sent);
    };
    let held: Buffer[] = [];
    let heldBytes = 0;
    try {
      for await (const chunk of chunks) {
        held.push(chunk);
        heldBytes += chunk.length;
        while (heldBytes >= PART_BYTES) {
          const whole = Buffer.concat(held);
          await send(whole.subarray(0, PART_BYTES));
          held = [whole.subarray(PART_BYTES)];
          heldBytes = whole.length - PART_BYTES;
        }
      }
      // The check refuses an empty upload, so there is at least one part.
      if (heldBytes > 0 || parts.length === 0) await send(Buffer.concat(held));
      await Promise.all(sending);
    } catch (error) {
      // The parts still under way end before the upload is aborted, or they could outlive the abort.
      await Promise.allSettled(sending);
      throw error;
    }
    return parts;
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
