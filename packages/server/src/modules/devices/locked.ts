import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { deviceLock } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';

/**
 * Issue 18: a locked device is not unbound, moved to another vehicle or fleet, or deleted until it is unlocked
 * (DEVICE_STATE_ERROR, data `{ locked: true, deviceId }`). Called inside the caller's transaction after it locked the
 * device rows, which every lock change locks first too, so a lock cannot slip in between the check and the write.
 */
export async function refuseLocked(tx: Db, deviceIds: readonly number[]): Promise<void> {
  if (deviceIds.length === 0) return;
  const [locked] = await tx
    .select({ deviceId: deviceLock.deviceId })
    .from(deviceLock)
    .where(and(inArray(deviceLock.deviceId, [...deviceIds]), eq(deviceLock.locked, true)))
    .limit(1);
  if (locked) throw new AppError('DEVICE_STATE_ERROR', 'locked', { locked: true, deviceId: locked.deviceId });
}
