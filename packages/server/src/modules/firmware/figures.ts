import type { DashboardRemoteUpgrade } from '@safety-shield/contract';
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { device, deviceTask, deviceTaskRow } from '../../db/schema.js';
import type { Principal } from '../../http/principal.js';
import { inScope } from '../../http/scope.js';

/**
 * The dashboard's remote-upgrade block: the campaigns the caller sees, and the upgrades of the devices of its scope
 * by where they stand (pending: queued or under way; failed: failed or expired).
 */
export async function upgradeFigures(db: Db, principal: Principal): Promise<DashboardRemoteUpgrade> {
  const [[tasks], rows] = await Promise.all([
    db
      .select({ n: count() })
      .from(deviceTask)
      .where(and(inScope(principal, deviceTask), eq(deviceTask.kind, 'upgrade'))),
    db
      .select({ state: deviceTaskRow.state, n: count() })
      .from(deviceTaskRow)
      .innerJoin(deviceTask, and(eq(deviceTask.id, deviceTaskRow.taskId), eq(deviceTask.kind, 'upgrade')))
      .innerJoin(device, eq(device.id, deviceTaskRow.deviceId))
      .where(inScope(principal, device))
      .groupBy(deviceTaskRow.state),
  ]);
  const of = (states: string[]) => rows.filter((row) => states.includes(row.state)).reduce((sum, row) => sum + row.n, 0);
  return {
    tracked: true,
    tasks: tasks?.n ?? 0,
    pending: of(['queued', 'sent', 'running']),
    succeeded: of(['done']),
    failed: of(['failed', 'expired']),
  };
}
