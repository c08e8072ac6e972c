import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { eventTag, evidenceTask, incident, incidentResource } from '../../db/schema.js';
import type { UploadReport } from '../../device-port/index.js';
import { OBJECTS_PATH } from '../../storage/routes.js';
import type { ObjectSigner } from '../../storage/signed-urls.js';
import { deviceResource, EVIDENCE_LIMITS, evidenceKey, moveUpload, resourceColumns, UPLOAD_URL_TTL_MS, UploadState } from './evidence.js';

/** Where upload URLs point: the evidence store's signer and the portal's address as devices reach it. */
export interface UploadUrls {
  signer: ObjectSigner;
  /** e.g. https://portal.example.com (no trailing slash needed). */
  publicUrl: () => string;
}

/** What became of an `upload` message; every outcome is acknowledged. */
export type UploadOutcome =
  | {
      stored: true;
      state: number;
      /** The resource row that moved. */
      resource: { id: number; incidentId: number };
      url?: { incidentMessageId: string; resourceId: string; url: string; expiresAt: number };
    }
  | { stored: false; reason: 'unknown resource' | 'unchanged' | 'out of order' }
  /** A video of an incident whose tag does not receive videos, not asked for: the device keeps it until it is. */
  | { stored: false; reason: 'held'; held: { incidentMessageId: string; resourceId: string } };

/** Which earlier states each device report may follow (SPEC section 3: forward only; a new apply retries 1–3 and -1). */
const follows: Record<number, readonly number[]> = {
  [UploadState.apply]: [UploadState.init, UploadState.apply, UploadState.urlSent, UploadState.started, UploadState.failed],
  [UploadState.started]: [UploadState.urlSent],
  [UploadState.success]: [UploadState.received],
  [UploadState.removed]: [UploadState.success],
  [UploadState.failed]: [UploadState.init, UploadState.apply, UploadState.urlSent, UploadState.started],
};

/** Why an apply cannot get a URL, or null when it can. */
function refusal(kind: 'picture' | 'video', report: UploadReport): string | null {
  const limit = EVIDENCE_LIMITS[kind];
  if (report.contentType !== limit.contentType) return `a ${kind} must be ${limit.contentType}`;
  if ((report.size ?? 0) > limit.maxBytes) return `a ${kind} may have at most ${limit.maxBytes} bytes`;
  return null;
}

/** Whether an open evidence request (waiting or sent) asks for this resource row. */
async function askedFor(tx: Parameters<Parameters<Db['transaction']>[0]>[0], resourceRowId: number): Promise<boolean> {
  const [open] = await tx
    .select({ id: evidenceTask.id })
    .from(evidenceTask)
    .where(and(inArray(evidenceTask.state, ['waiting', 'sent']), sql`${resourceRowId} = any(${evidenceTask.resourceIds})`))
    .limit(1);
  return open !== undefined;
}

/**
 * One `upload` report in one transaction. Only a resource of an incident this device reported is found, so a device
 * never moves or gets a URL for another device's evidence. An acceptable apply stores 1 and 2 and returns the URL that
 * goes down after the commit (a URL lost on its way is replaced by the device's next apply).
 */
export async function fileUpload(db: Db, uuid: string, report: UploadReport, urls: UploadUrls): Promise<UploadOutcome> {
  return db.transaction(async (tx): Promise<UploadOutcome> => {
    const [row] = await tx
      .select({ ...resourceColumns, receiveVideo: sql<boolean>`coalesce(${eventTag.receiveVideo}, true)` })
      .from(incidentResource)
      .innerJoin(incident, eq(incident.id, incidentResource.incidentId))
      .leftJoin(eventTag, eq(eventTag.id, incident.tagId))
      .where(deviceResource(uuid, report))
      .for('update', { of: incidentResource });
    if (!row) return { stored: false, reason: 'unknown resource' };
    if (report.state === row.state && report.state !== UploadState.apply) return { stored: false, reason: 'unchanged' };
    if (!follows[report.state]?.includes(row.state)) return { stored: false, reason: 'out of order' };

    if (report.state !== UploadState.apply) {
      await moveUpload(tx, row, report.state, {}, report.reason ?? undefined);
      return { stored: true, state: report.state, resource: row };
    }
    if (row.kind === 'video' && !row.receiveVideo && !(await askedFor(tx, row.id))) {
      return { stored: false, reason: 'held', held: { incidentMessageId: report.incidentMessageId, resourceId: report.resourceId } };
    }
    const wrong = refusal(row.kind, report);
    if (wrong) {
      await moveUpload(tx, row, UploadState.failed, {}, wrong);
      return { stored: true, state: UploadState.failed, resource: row };
    }
    await moveUpload(tx, row, UploadState.apply);
    const key = evidenceKey(row.incidentId, row.id);
    const expiresAt = Date.now() + UPLOAD_URL_TTL_MS;
    const token = urls.signer.sign({
      op: 'put',
      key,
      exp: expiresAt,
      maxBytes: EVIDENCE_LIMITS[row.kind].maxBytes,
      contentType: EVIDENCE_LIMITS[row.kind].contentType,
      sha256: report.sha256 ?? undefined,
    });
    await moveUpload(tx, row, UploadState.urlSent);
    const url = `${urls.publicUrl().replace(/\/+$/, '')}${OBJECTS_PATH}/${token}`;
    return {
      stored: true,
      state: UploadState.urlSent,
      resource: row,
      url: { incidentMessageId: report.incidentMessageId, resourceId: report.resourceId, url, expiresAt },
    };
  });
}
