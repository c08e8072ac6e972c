/** The driver an incident carries (issue 30): the one whose card was in the device when it happened. */
import { and, desc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { driverShift } from '../../db/schema.js';

/** The driver whose card was in the device at `at` (its shifts are `file-driver-card.ts`'s), if any. */
export async function driverAt(tx: Tx, deviceId: number, at: Date): Promise<{ name: string | null; licence: string | null }> {
  const [shift] = await tx
    .select({ name: driverShift.driverName, licence: driverShift.licence })
    .from(driverShift)
    .where(
      and(
        eq(driverShift.deviceId, deviceId),
        lte(driverShift.cardInAt, at),
        or(isNull(driverShift.cardOutAt), gt(driverShift.cardOutAt, at)),
      ),
    )
    .orderBy(desc(driverShift.cardInAt), desc(driverShift.id))
    .limit(1);
  return shift ?? { name: null, licence: null };
}
