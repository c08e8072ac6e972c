import { count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { device, org } from '../../db/schema.js';

/**
 * How many more devices a company may hold under its own and its agent's device quotas (Infinity without quotas).
 * Locks both organisations in id order, as provisioning does (gateway/auth.ts), so binding, listing terminals and
 * provisioning in parallel cannot all take the last place. Call it inside the transaction that takes the place.
 */
export async function devicePlacesLeft(tx: Db, owner: { agentId: number | null; companyId: number | null }): Promise<number> {
  const ids = [owner.agentId, owner.companyId].filter((id): id is number => id !== null).sort((a, b) => a - b);
  const orgs = await tx.select({ id: org.id, quota: org.deviceQuota }).from(org).where(inArray(org.id, ids)).orderBy(org.id).for('update');
  let left = Number.POSITIVE_INFINITY;
  for (const o of orgs) {
    if (o.quota === null) continue;
    const holder = o.id === owner.companyId ? device.belongCompanyId : device.belongAgentId;
    const [used] = await tx.select({ n: count() }).from(device).where(eq(holder, o.id));
    left = Math.min(left, Math.max(0, o.quota - (used?.n ?? 0)));
  }
  return left;
}
