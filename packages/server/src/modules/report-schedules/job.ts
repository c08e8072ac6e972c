import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { reportSchedule } from '../../db/schema.js';
import { latestPeriod, zoneOf } from './periods.js';
import { claim, dueDeliveries, expireLastClaims, finishDelivery, RETRY_AFTER_MS, recipientZones, type ScheduleRow } from './repo.js';
import type { Outcome, ReportScheduleService } from './service.js';

/** A claimed delivery is another node's for this long; a node that dies mid-send leaves it to the others after it. */
export const LEASE_MS = 15 * 60_000;
/** Attempts per delivery; after a failure the next waits 5 minutes, then 30, then 2 hours (`RETRY_AFTER_MS`). */
export const MAX_ATTEMPTS = 4;
/** Due deliveries read at a time. */
const BATCH = 100;

export interface JobResult {
  sent: number;
  skipped: number;
  failed: number;
}

/**
 * The scheduled reports' job (docs/decisions.md, "Scheduled reports"), every minute on every node. What is due is
 * derived from the schedules and the delivery rows alone, so a restart resumes where the last run stopped: each
 * recipient's latest period (Monday or the 1st from 06:00 in its zone) without a delivery, or whose delivery failed and
 * may be tried again, or whose claim expired. A node claims one delivery at a time (insert on conflict do nothing, or a
 * conditional update), renders and mails it, and records how it ended; a node racing for the same one finds it taken.
 */
export class ReportScheduleJob {
  constructor(
    private readonly db: Db,
    private readonly service: ReportScheduleService,
    private readonly log: FastifyBaseLogger,
  ) {}

  async run(now = Date.now()): Promise<JobResult> {
    const result: JobResult = { sent: 0, skipped: 0, failed: 0 };
    await expireLastClaims(this.db, now, MAX_ATTEMPTS);
    const periods = (await recipientZones(this.db)).map((zone) => ({
      ...zone,
      ...latestPeriod(zone.frequency, zoneOf(zone.timeZone), now),
    }));
    const schedules = new Map<number, ScheduleRow | undefined>();
    for (;;) {
      const due = await dueDeliveries(this.db, periods, now, MAX_ATTEMPTS, BATCH);
      let claimed = 0;
      for (const delivery of due) {
        const attempt = await claim(this.db, delivery, now, LEASE_MS, MAX_ATTEMPTS);
        if (attempt === undefined) continue;
        claimed += 1;
        if (!schedules.has(delivery.scheduleId)) schedules.set(delivery.scheduleId, await this.schedule(delivery.scheduleId));
        const schedule = schedules.get(delivery.scheduleId);
        // Deleted since it was read: its deliveries went with it.
        if (!schedule) continue;
        const outcome = await this.service
          .deliver(schedule, delivery.accountId, now, delivery.periodStart)
          .catch((err: unknown): Outcome => {
            this.log.error({ err, schedule: schedule.id, accountId: delivery.accountId }, 'a scheduled report failed');
            return { periodStart: delivery.periodStart, state: 'failed', error: 'SERVER_EXCEPTION' };
          });
        if (outcome.state === 'sent') {
          result.sent += 1;
          await finishDelivery(this.db, delivery, { state: 'sent', at: now });
        } else if (outcome.state === 'skipped') {
          result.skipped += 1;
          await finishDelivery(this.db, delivery, { state: 'skipped', error: outcome.reason, nextTryAt: null });
        } else {
          result.failed += 1;
          const wait: number | undefined = RETRY_AFTER_MS[attempt - 1];
          await finishDelivery(this.db, delivery, {
            state: 'failed',
            error: outcome.error,
            nextTryAt: attempt < MAX_ATTEMPTS && wait !== undefined ? now + wait : null,
          });
          this.log.warn(
            { schedule: schedule.id, accountId: delivery.accountId, attempt, error: outcome.error },
            'a scheduled report failed',
          );
        }
      }
      // A full batch may have more behind it; a batch of which this node claimed nothing is other nodes' work.
      if (due.length < BATCH || claimed === 0) return result;
    }
  }

  private async schedule(id: number): Promise<ScheduleRow | undefined> {
    const [row] = await this.db.select().from(reportSchedule).where(eq(reportSchedule.id, id));
    return row;
  }
}
