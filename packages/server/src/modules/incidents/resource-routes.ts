import type { Readable } from 'node:stream';
import { EVIDENCE_SUMS_NAME, EVIDENCE_ZIP_NAME, resourceApi } from '@safety-shield/contract';
import { ZipArchive, type ZipEntryData } from 'archiver';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.js';
import { principalOf } from '../../http/auth.js';
import { serve } from '../../http/endpoints.js';
import { AppError } from '../../http/errors.js';
import type { ObjectSigner } from '../../storage/signed-urls.js';
import { type EvidenceAccessLog, viewerOf } from './access-log.js';
import { entryName, type StoredEvidence, signedResourceUrl, storedEvidence, visibleIncidents } from './evidence-files.js';

/** What the zip needs of the evidence store (disk or S3): a sequential reader of one object. */
export interface EvidenceReader {
  get(key: string): Promise<{ read(): Readable } | null>;
}

/** Appends one entry and waits until the archive has taken all of it, so only one file is open and read at a time. */
function appendWhole(archive: ZipArchive, source: Readable | string, data: ZipEntryData): Promise<void> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      archive.off('entry', taken);
      archive.off('error', failed);
      archive.off('close', closed);
    };
    const taken = () => {
      cleanup();
      resolve();
    };
    const failed = (error: Error) => {
      cleanup();
      reject(error);
    };
    const closed = () => failed(new Error('evidence zip closed before its end'));
    archive.once('entry', taken);
    archive.once('error', failed);
    archive.once('close', closed);
    archive.append(source, data);
  });
}

/**
 * Fills the zip one stored file after the other, then its SHA256SUMS (the sums the store computed on upload).
 * A file gone from the store since (retention) is left out and named in the sums file's comment lines.
 */
async function fillZip(archive: ZipArchive, store: EvidenceReader, files: StoredEvidence[]): Promise<void> {
  const sums: string[] = [];
  const missing: string[] = [];
  for (const file of files) {
    const name = entryName(file);
    const object = await store.get(file.objectKey);
    if (!object) {
      missing.push(name);
      continue;
    }
    const source = object.read();
    // JPEG and MP4 are compressed already: stored, the zip costs no CPU and streams at disk speed.
    await appendWhole(archive, source, { name, store: true, date: file.startAt ?? file.triggerAt }).catch((error) => {
      source.destroy();
      throw error;
    });
    sums.push(`${file.sha256 ?? ''}  ${name}`);
  }
  const lines = [...missing.map((name) => `# missing from the evidence store: ${name}`), ...sums];
  await appendWhole(archive, `${lines.join('\n')}\n`, { name: EVIDENCE_SUMS_NAME });
  await archive.finalize();
}

/** SPEC section 7: the evidence zip of chosen incidents and their pictures' URLs. */
export const resourceRoutes: FastifyPluginAsync<{
  db: Db;
  store: EvidenceReader;
  objectSigner: ObjectSigner;
  accessLog: EvidenceAccessLog;
}> = async (app, { db, store, objectSigner, accessLog }) => {
  serve(app, resourceApi, {
    zip: async (req, reply) => {
      const principal = principalOf(req);
      const ids = await visibleIncidents(db, principal, req.body.eventId);
      const files = await storedEvidence(db, ids);
      // Refusals go out as JSON before the first zip byte; the console shows them from the body.
      if (files.length === 0) throw new AppError('EVENT_RESOURCE_NOT_EXIST');
      // The zip starts going out now: a download of each incident that has files in it.
      accessLog.zipped(principal, req.ip, [...new Set(files.map((file) => file.incidentId))]);
      const archive = new ZipArchive({ zlib: { level: 6 } });
      fillZip(archive, store, files).catch((error) => {
        req.log.error({ err: error }, 'evidence zip failed');
        archive.abort();
      });
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${EVIDENCE_ZIP_NAME}"`)
        .header('cache-control', 'no-store')
        .send(archive);
    },
    pictures: async (req) => {
      const principal = principalOf(req);
      const ids = await visibleIncidents(db, principal, req.body.eventId);
      const pictures = await storedEvidence(db, ids, 'picture');
      const now = Date.now();
      // URLs handed out in a batch are for saving the files: each fetch is recorded as a download.
      const viewer = viewerOf(principal);
      return pictures.map(({ incidentId, resourceId, channel, ...picture }) => ({
        eventId: incidentId,
        resourceId,
        channel,
        ...signedResourceUrl(
          objectSigner,
          picture,
          { ...viewer, eventId: incidentId, resourceId, kind: 'picture', action: 'download' },
          now,
        ),
      }));
    },
  });
};
