import { count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { device, org } from '../../db/schema.js';
import type { Owner } from './repo.js';

/**
 * How many devices the company may still take under its own and its agent's device quotas (Infinity without quotas).
 * Locks both organisations, in id order as provisioning and binding do, so listings and provisioning in parallel
 * cannot both take the last place.
 */
export async function placesLeft(tx: Db, owner: Owner): Promise<number> {
  const ids = [owner.agentId, owner.companyId].filter((id): id is number => id !== null).sort((a, b) => a - b);
  const orgs = await tx.select({ id: org.id, quota: org.deviceQuota }).from(org).where(inArray(org.id, ids)).orderBy(org.id).for('update');
  let left = Number.POSITIVE_INFINITY;
  for (const o of orgs) {
    if (o.quota === null) continue;
    const scope = o.id === owner.companyId ? device.belongCompanyId : device.belongAgentId;
    const [used] = await tx.select({ n: count() }).from(device).where(eq(scope, o.id));
    left = Math.min(left, Math.max(0, o.quota - (used?.n ?? 0)));
  }
  return left;
}
