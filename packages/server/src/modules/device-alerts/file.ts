import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { lockDeviceByUuid } from '../../db/locks.js';
import { device, deviceAlert } from '../../db/schema.js';
import type { HealthReport } from '../../device-port/index.js';
import type { Chain } from '../../http/scope.js';

/** What became of a `health` report; every outcome is acknowledged. */
export type HealthOutcome =
  | { stored: true; deviceId: number; chain: Chain; raised: number; cleared: number }
  | { stored: false; reason: 'unknown device' | 'stale' };

const faultKey = (fault: { code: string; channel: number }) => `${fault.code}/${fault.channel}`;

/**
 * Applies a device's whole set of current faults in one transaction (docs/device-protocol.md, `health`): a fault
 * without an open alert raises one, an open alert whose fault is gone is cleared. A report older than the newest
 * one applied is ignored, so a late resend cannot reopen what was cleared; repeating a report changes nothing.
 */
export function fileHealth(db: Db, uuid: string, report: HealthReport): Promise<HealthOutcome> {
  return db.transaction(async (tx): Promise<HealthOutcome> => {
    const row = await lockDeviceByUuid(tx, uuid, { healthAt: device.healthAt }, 'update');
    if (!row) return { stored: false, reason: 'unknown device' };
    const at = new Date(report.time);
    if (row.healthAt && row.healthAt > at) return { stored: false, reason: 'stale' };

    const open = await tx
      .select({ id: deviceAlert.id, code: deviceAlert.code, channel: deviceAlert.channel })
      .from(deviceAlert)
      .where(and(eq(deviceAlert.deviceId, row.id), isNull(deviceAlert.clearedAt)));
    const now = new Set(report.faults.map(faultKey));
    const held = new Set(open.map(faultKey));
    const gone = open.filter((alert) => !now.has(faultKey(alert))).map((alert) => alert.id);
    const fresh = report.faults.filter((fault) => !held.has(faultKey(fault)));

    if (gone.length > 0) await tx.update(deviceAlert).set({ clearedAt: at }).where(inArray(deviceAlert.id, gone));
    if (fresh.length > 0) {
      await tx
        .insert(deviceAlert)
        .values(fresh.map((fault) => ({ deviceId: row.id, code: fault.code, channel: fault.channel, raisedAt: at })))
        .onConflictDoNothing();
    }
    await tx.update(device).set({ healthAt: at }).where(eq(device.id, row.id));
    return {
      stored: true,
      deviceId: row.id,
      chain: { agentId: row.agentId, companyId: row.companyId, fleetId: row.fleetId },
      raised: fresh.length,
      cleared: gone.length,
    };
  });
}
