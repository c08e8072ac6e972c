import { and, inArray, isNotNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { incidentHistory, incidentResource } from '../../db/schema.js';
import { qualified } from '../../db/subqueries.js';
import type { ObjectStore } from '../../storage/object-store.js';

const DAY_MS = 24 * 3_600_000;
const BATCH = 500;

/**
 * Deletes stored evidence older than its tag's hold days (SPEC section 9: hold days per tag). The incident stays; its
 * resource keeps its record without the file, and the incident's history says the evidence expired. Returns how many
 * files went.
 */
export async function purgeExpiredEvidence(db: Db, store: ObjectStore, now = new Date()): Promise<number> {
  let purged = 0;
  for (;;) {
    const due = await db
      .select({ id: incidentResource.id, incidentId: incidentResource.incidentId, key: incidentResource.objectKey })
      .from(incidentResource)
      .where(
        and(
          isNotNull(incidentResource.objectKey),
          sql`exists (select 1 from incident i join event_tag t on t.id = i.tag_id
            where i.id = ${qualified(incidentResource.incidentId)} and i.trigger_at < ${now.toISOString()}::timestamptz - make_interval(days => t.hold_days))`,
        ),
      )
      .limit(BATCH);
    if (due.length === 0) return purged;
    // Files first: a crash in between leaves a record pointing at nothing (a 404), never a file nobody can find to delete.
    for (const row of due) if (row.key) await store.delete(row.key);
    await db.transaction(async (tx) => {
      await tx
        .update(incidentResource)
        .set({ objectKey: null, updatedAt: now })
        .where(
          inArray(
            incidentResource.id,
            due.map((row) => row.id),
          ),
        );
      const incidents = [...new Set(due.map((row) => row.incidentId))];
      await tx.insert(incidentHistory).values(incidents.map((incidentId) => ({ incidentId, action: 'evidenceExpired', at: now })));
    });
    purged += due.length;
  }
}

/** Runs the retention once a day (and a minute after start, so a portal that was down catches up). */
export function scheduleRetention(app: FastifyInstance, db: Db, store: ObjectStore) {
  const run = () =>
    purgeExpiredEvidence(db, store)
      .then((purged) => app.log.info({ purged }, 'retention: evidence past its tag’s hold days deleted'))
      .catch((err: unknown) => app.log.error({ err }, 'retention failed; retried tomorrow'));
  const first = setTimeout(run, 60_000);
  const daily = setInterval(run, DAY_MS);
  first.unref();
  daily.unref();
  app.addHook('onClose', async () => {
    clearTimeout(first);
    clearInterval(daily);
  });
}
