import type { SubscriptionCreateBody, SubscriptionStateBody, SubscriptionUpdateBody } from '@safety-shield/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { org, subscription } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';

/** The end of a period must come after its start. */
function checkPeriod(startTime: number, endTime: number) {
  if (endTime <= startTime) throw new AppError('PARAM_CHECK_FAIL', 'endTime', { field: 'endTime' });
}

/** Subscriptions per company (issue 4); only the Super Admin reaches these calls. */
export class SubscriptionService {
  constructor(
    private readonly db: Db,
    /** A subscription was made or changed: figures that read quotas (the dashboard's) answer afresh. */
    private readonly changed: () => void = () => {},
  ) {}

  async create(body: SubscriptionCreateBody): Promise<{ id: number }> {
    checkPeriod(body.startTime, body.endTime);
    const [company] = await this.db
      .select({ id: org.id, agentId: org.belongAgentId })
      .from(org)
      .where(and(eq(org.kind, 'company'), eq(org.id, body.companyId)));
    if (!company) throw new AppError('ORG_NOT_EXIST');
    const [row] = await this.db
      .insert(subscription)
      .values({
        companyId: company.id,
        plan: body.plan,
        deviceQuota: body.deviceQuota,
        startsAt: new Date(body.startTime),
        endsAt: new Date(body.endTime),
        belongAgentId: company.agentId,
        belongCompanyId: company.id,
      })
      .returning({ id: subscription.id });
    if (!row) throw new AppError('ACTION_FAIL_RETRY');
    this.changed();
    return row;
  }

  async update({ id, startTime, endTime, ...terms }: SubscriptionUpdateBody): Promise<void> {
    checkPeriod(startTime, endTime);
    const updated = await this.db
      .update(subscription)
      .set({ ...terms, startsAt: new Date(startTime), endsAt: new Date(endTime) })
      .where(eq(subscription.id, id))
      .returning({ id: subscription.id });
    if (updated.length === 0) throw new AppError('SUBSCRIPTION_NOT_EXIST');
    this.changed();
  }

  async setState({ id, state }: SubscriptionStateBody): Promise<void> {
    const updated = await this.db.update(subscription).set({ state }).where(eq(subscription.id, id)).returning({ id: subscription.id });
    if (updated.length === 0) throw new AppError('SUBSCRIPTION_NOT_EXIST');
    this.changed();
  }
}
