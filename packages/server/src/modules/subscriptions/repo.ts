import type { Page, SubscriptionListQuery, SubscriptionRecord, UsageQuery, UsageRecord } from '@safety-shield/contract';
import { and, asc, count, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { pageAsSelected, pageOf } from '../../db/paging.js';
import { org, subscription } from '../../db/schema.js';
import { orgName, qualified } from '../../db/subqueries.js';
import { containing } from '../../http/pagination.js';

export type SubscriptionRow = typeof subscription.$inferSelect;

export function listSubscriptions(db: Db, query: SubscriptionListQuery): Promise<Page<SubscriptionRecord>> {
  const where = and(
    query.companyId ? eq(subscription.companyId, query.companyId) : undefined,
    query.state ? eq(subscription.state, query.state) : undefined,
  );
  return pageOf(
    query,
    db
      .select({ row: subscription, companyName: orgName(subscription.companyId), agentName: orgName(subscription.belongAgentId) })
      .from(subscription)
      .where(where)
      .orderBy(desc(subscription.createdAt), desc(subscription.id))
      .$dynamic(),
    db.select({ n: count() }).from(subscription).where(where),
    ({ row, companyName, agentName }) => ({
      id: row.id,
      companyId: row.companyId,
      companyName,
      agentId: row.belongAgentId,
      agentName,
      plan: row.plan,
      deviceQuota: row.deviceQuota,
      startTime: row.startsAt.getTime(),
      endTime: row.endsAt.getTime(),
      state: row.state,
      createTime: row.createdAt.getTime(),
    }),
  );
}

/** A usage counter of a company's month, 0 when nothing was counted. */
const counter = (metric: string, month: string) =>
  sql<number>`coalesce((select u.value from usage_counter u where u.company_id = ${qualified(org.id)} and u.month = ${month} and u.metric = ${metric}), 0)`.mapWith(
    Number,
  );

/** Every company with its month's usage and the devices it has now. */
export function listUsage(db: Db, query: UsageQuery): Promise<Page<UsageRecord>> {
  const where: SQL | undefined = and(eq(org.kind, 'company'), query.name ? ilike(org.name, containing(query.name)) : undefined);
  return pageAsSelected(
    query,
    db
      .select({
        companyId: org.id,
        companyName: org.name,
        agentName: orgName(org.belongAgentId),
        deviceQuota: sql<
          number | null
        >`(select s.device_quota from subscription s where s.company_id = ${qualified(org.id)} and s.state = 'active' order by s.ends_at desc limit 1)`,
        storageBytes: counter('storageBytes', query.month),
        liveMinutes: counter('liveMinutes', query.month),
        apiCalls: counter('apiCalls', query.month),
        devices: sql<number>`(select count(*) from device d where d.belong_company_id = ${qualified(org.id)})`.mapWith(Number),
      })
      .from(org)
      .where(where)
      .orderBy(asc(org.name))
      .$dynamic(),
    db.select({ n: count() }).from(org).where(where),
  );
}
