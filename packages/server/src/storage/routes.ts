import type { Readable } from 'node:stream';
import { objectApi } from '@safety-shield/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Db, Tx } from '../db/client.js';
import { serve } from '../http/endpoints.js';
import { sendFailure } from '../http/error-handler.js';
import { AppError } from '../http/errors.js';
import { CHECKSUM_MISMATCH, uploadTypes } from './content-check.js';
import type { ObjectStore, StagedObject, StoredObject } from './object-store.js';
import type { ObjectGrant, ObjectSigner } from './signed-urls.js';
import { recordedUpload, recordUpload } from './upload-records.js';

export const OBJECTS_PATH = '/objects';

export interface ObjectRouteOptions {
  /** Where every node records the uploads the links took (upload-records.ts). */
  db: Db;
  store: ObjectStore;
  signer: ObjectSigner;
  /**
   * Told of every complete upload in the transaction that records it (the evidence flow moves the resource on), so
   * both are written or neither; a failure here fails the upload. What it returns runs after the commit.
   */
  uploaded?: (tx: Tx, grant: ObjectGrant, stored: StoredObject) => Promise<(() => Promise<unknown>) | null>;
  /** Told of an upload refused for its bytes (e.g. `checksum mismatch`), so the evidence flow can mark it failed. */
  refused?: (grant: ObjectGrant, reason: string) => Promise<unknown>;
  /**
   * Told when a GET starts serving an object from its first byte (no Range, or one from byte 0): a player's later
   * range requests are the same viewing. Not awaited: recording must never slow or fail a download.
   */
  served?: (grant: ObjectGrant, ip: string) => void;
}

/** Parses `Range: bytes=a-b` (one range; suffix and open ranges too) against a size; null when absent or unsatisfiable. */
export function parseRange(header: string | undefined, size: number): { start: number; end: number } | null | 'invalid' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return 'invalid';
  let start: number;
  let end: number;
  if (match[1] === '') {
    start = Math.max(0, size - Number(match[2]));
    end = size - 1;
  } else {
    start = Number(match[1]);
    end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  }
  return start > end || start >= size ? 'invalid' : { start, end };
}

/**
 * Handlers of the evidence store's own signed URLs (`/objects/{token}`): devices PUT evidence, consoles GET it with
 * range support. The token is the whole authority, checked here (the contract declares them device/public). Every
 * signed upload link, of whatever kind, goes through `upload`: it takes one complete upload, recorded with its size
 * and SHA-256 before the object is published, and answers UPLOAD_LINK_USED from then on.
 */
export const objectRoutes: FastifyPluginAsync<ObjectRouteOptions> = async (app, { db, store, signer, uploaded, refused, served }) => {
  // Uploads (evidence, runtime logs) stream straight to the store, never buffered whole.
  app.addContentTypeParser(uploadTypes, (_req, payload, done) => done(null, payload));

  serve(app, objectApi, {
    upload: async (req, reply) => {
      const grant = signer.verify(req.params.token);
      if (grant?.op !== 'put' || !grant.maxBytes || !grant.contentType)
        return sendFailure(req, reply, 'PERMISSION_CHECK_FAIL', undefined, null, 403);
      // Asked first so a used link's body is not read in vain; the record below is what decides.
      if (await recordedUpload(db, grant.key)) return sendFailure(req, reply, 'UPLOAD_LINK_USED');
      if (req.headers['content-type'] !== grant.contentType) return sendFailure(req, reply, 'UPLOAD_FILE_FAIL', undefined, null, 415);
      const declared = Number(req.headers['content-length']);
      if (Number.isFinite(declared) && declared > grant.maxBytes) return sendFailure(req, reply, 'UPLOAD_FILE_FAIL', undefined, null, 413);
      const limits = { maxBytes: grant.maxBytes, contentType: grant.contentType, sha256: grant.sha256 };
      let staged: StagedObject;
      try {
        // Bytes other than the announced ones are refused inside the store, so they never show under the key.
        staged = await store.stage(grant.key, req.body as Readable, limits);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        if (error.detail !== CHECKSUM_MISMATCH) return sendFailure(req, reply, error.codeKey, undefined, null, 400);
        await refused?.(grant, CHECKSUM_MISMATCH);
        return sendFailure(req, reply, 'UPLOAD_FILE_FAIL', undefined, null, 422);
      }
      let recorded: { value: (() => Promise<unknown>) | null } | null;
      try {
        recorded = await recordUpload(db, grant.key, staged, async (tx) => (await uploaded?.(tx, grant, staged.stored)) ?? null);
      } finally {
        await staged.discard();
      }
      // Another upload to the key completed while this one streamed (on this node or another): it stays.
      if (!recorded) return sendFailure(req, reply, 'UPLOAD_LINK_USED');
      await recorded.value?.();
      return reply.send({ code: 200, msg: 'REQUEST_SUCCESS', codeKey: 'REQUEST_SUCCESS', data: staged.stored });
    },
    download: async (req, reply) => {
      const grant = signer.verify(req.params.token);
      if (grant?.op !== 'get') return sendFailure(req, reply, 'PERMISSION_CHECK_FAIL', undefined, null, 403);
      const object = await store.get(grant.key);
      if (!object) return sendFailure(req, reply, 'EVENT_RESOURCE_NOT_EXIST', undefined, null, 404);
      reply
        .header('accept-ranges', 'bytes')
        .header('cache-control', 'private, max-age=300')
        .header('content-type', grant.contentType ?? 'application/octet-stream');
      const range = parseRange(req.headers.range, object.size);
      if (range === 'invalid') return reply.code(416).header('content-range', `bytes */${object.size}`).send();
      // HEAD (Fastify answers it with this handler) serves no bytes.
      if (req.method === 'GET' && (range === null || range.start === 0)) served?.(grant, req.ip);
      if (range === null) return reply.header('content-length', object.size).send(object.read());
      return reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${object.size}`)
        .header('content-length', range.end - range.start + 1)
        .send(object.read(range));
    },
  });
};
