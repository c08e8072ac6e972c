import type { SimDeviceOptions } from '@safety-shield/device-sim';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../src/db/client.js';
import { incident, incidentResource } from '../src/db/schema.js';

/** Simulator options of a device that uploads its evidence only when the portal asks, retrying quickly. */
export const uploadsWhenAsked = {
  uploadEvidence: true,
  autoUpload: 'none',
  // The tiny files made in code: quick, and no test here looks at the pictures.
  evidenceMedia: 'tiny',
  upload: { urlTimeoutMs: 5_000, retryDelayMs: 50 },
} satisfies Partial<SimDeviceOptions>;

/** The files of an incident a device reports: a picture and a 20-second video around `at`, on channel 1. */
export const twoFiles = (prefix: string, at = Date.now() - 30_000) => [
  { id: `${prefix}.jpg`, kind: 'picture' as const, channel: 1 },
  { id: `${prefix}.mp4`, kind: 'video' as const, channel: 1, start: at - 10_000, end: at + 10_000 },
];

/** The incident a device filed with that message id and its resources in order, or null while it is not filed. */
export async function filedIncident(db: Db, uuid: string, messageId: string) {
  const [row] = await db
    .select()
    .from(incident)
    .where(and(eq(incident.deviceUuid, uuid), eq(incident.messageId, messageId)));
  if (!row) return null;
  const resources = await db
    .select()
    .from(incidentResource)
    .where(eq(incidentResource.incidentId, row.id))
    .orderBy(asc(incidentResource.id));
  return { incident: row, resources };
}
