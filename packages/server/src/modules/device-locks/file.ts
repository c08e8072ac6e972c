import type { LocalAction } from '@safety-shield/contract/device';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { device, deviceLock, deviceTamper } from '../../db/schema.js';

const deviceIdOf = async (db: Db, uuid: string) =>
  (await db.select({ id: device.id }).from(device).where(eq(device.deviceUuid, uuid)))[0]?.id;

/** `lockState`: what the device says of its lock (docs/device-protocol.md, `lock`); false for an unknown device. */
export async function fileLockState(db: Db, uuid: string, locked: boolean, at: number): Promise<boolean> {
  const deviceId = await deviceIdOf(db, uuid);
  if (deviceId === undefined) return false;
  const reported = { reportedLocked: locked, reportedAt: new Date(at) };
  await db
    .insert(deviceLock)
    .values({ deviceId, ...reported })
    .onConflictDoUpdate({
      target: deviceLock.deviceId,
      set: reported,
      // A late resend does not overwrite a newer report.
      setWhere: sql`${deviceLock.reportedAt} is null or ${deviceLock.reportedAt} <= ${reported.reportedAt}`,
    });
  return true;
}

/** `tamper`: a local action the device's lock refused, at the device's time. A resend of the same try is kept once. */
export async function fileTamper(db: Db, uuid: string, action: LocalAction, at: number): Promise<void> {
  const deviceId = await deviceIdOf(db, uuid);
  if (deviceId === undefined) return;
  const triedAt = new Date(at);
  await db.execute(sql`
    insert into ${deviceTamper} (device_id, action, tried_at)
    select ${deviceId}, ${action}, ${triedAt.toISOString()}::timestamptz
    where not exists (select 1 from ${deviceTamper}
      where device_id = ${deviceId} and action = ${action} and tried_at = ${triedAt.toISOString()}::timestamptz)`);
}
