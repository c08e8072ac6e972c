import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { usageCounter } from '../../db/schema.js';

export type UsageMetric = (typeof usageCounter.$inferInsert)['metric'];

/** The month a usage belongs to, in UTC: 'YYYY-MM'. */
export const usageMonth = (at = new Date()) => at.toISOString().slice(0, 7);

/**
 * Counts usage per company, month and metric in memory and adds it to the database every few seconds in one
 * statement, so counting an API call costs no write of its own. Flushed on shutdown too.
 */
export class UsageMeter {
  private pending = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly flushMs = 5_000,
  ) {}

  add(companyId: number, metric: UsageMetric, amount = 1, at = new Date()): void {
    const key = `${companyId}|${usageMonth(at)}|${metric}`;
    this.pending.set(key, (this.pending.get(key) ?? 0) + amount);
    this.timer ??= setTimeout(() => void this.flush(), this.flushMs).unref();
  }

  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.size === 0) return;
    const batch = this.pending;
    this.pending = new Map();
    const rows = [...batch].map(([key, value]) => {
      const [companyId, month, metric] = key.split('|');
      return { companyId: Number(companyId), month: month ?? '', metric: metric as UsageMetric, value };
    });
    await this.db
      .insert(usageCounter)
      .values(rows)
      .onConflictDoUpdate({
        target: [usageCounter.companyId, usageCounter.month, usageCounter.metric],
        set: { value: sql`${usageCounter.value} + excluded.value` },
      });
  }
}

/** Every call made with an API token counts for the token owner's company. */
export function registerApiCallMetering(app: FastifyInstance, meter: UsageMeter) {
  app.addHook('onResponse', async (req) => {
    const principal = req.principal;
    if (principal?.via === 'apiToken' && principal.companyId !== null) meter.add(principal.companyId, 'apiCalls');
  });
  app.addHook('onClose', async () => meter.flush());
}
