/**
 * Who drove (issue 30): the driver cards a device reports (the device intake's `driver`), kept as shifts of the device
 * and of the vehicle it was bound to. The driver an incident carries is `driverAt`'s.
 */
import { and, desc, eq, gt, isNull, lte, min, ne, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
import { driverShift } from '../../db/schema.js';
import { belongingTo } from '../../db/subqueries.js';
import type { DeviceMessage, DriverReport } from '../../device-port/index.js';
import { type Chain, chainOf, lockedDevice, vehicleAt } from './file-incident.js';

/** What became of a driver card message; every outcome is acknowledged. */
export type DriverOutcome = { stored: true } | { stored: false; reason: 'unknown device' | 'resent' | 'no card in' };

/**
 * Files a card in or out in one transaction. A card in starts a shift (keyed by the device and the message id, so a
 * resend is stored once) and ends the one before if its card-out never came; a card out ends the shift in force then
 * (a resent one finds it ended already, and changes nothing).
 */
export function fileDriverCard(db: Db, uuid: string, message: DeviceMessage, report: DriverReport): Promise<DriverOutcome> {
  return db.transaction(async (tx): Promise<DriverOutcome> => {
    const row = await lockedDevice(tx, uuid);
    if (!row) return { stored: false, reason: 'unknown device' };
    const at = new Date(report.time);
    if (report.state === 'out') {
      const shift = await shiftAt(tx, row.id, at);
      if (!shift || (shift.cardOutAt !== null && shift.cardOutAt <= at)) return { stored: false, reason: 'no card in' };
      await tx.update(driverShift).set({ cardOutAt: at }).where(eq(driverShift.id, shift.id));
      return { stored: true };
    }
    const owner: Chain = { vehicleId: null, licensePlate: null, agentId: row.agentId, companyId: row.companyId, fleetId: row.fleetId };
    const chain = await chainOf(tx, owner, await vehicleAt(tx, row, at));
    // A card reported late, before a shift already stored, ends where that one starts.
    const [later] = await tx
      .select({ start: min(driverShift.cardInAt) })
      .from(driverShift)
      .where(and(eq(driverShift.deviceId, row.id), gt(driverShift.cardInAt, at)));
    const [inserted] = await tx
      .insert(driverShift)
      .values({
        deviceId: row.id,
        deviceUuid: uuid,
        vehicleId: chain.vehicleId,
        licensePlate: chain.licensePlate,
        inMessageId: message.id,
        driverName: report.name,
        licence: report.licence,
        authority: report.authority,
        validUntil: report.validUntil,
        idNumber: report.idNumber,
        cardInAt: at,
        cardOutAt: later?.start ?? null,
        ...belongingTo(chain),
      })
      .onConflictDoNothing({ target: [driverShift.deviceId, driverShift.inMessageId] })
      .returning({ id: driverShift.id });
    if (!inserted) return { stored: false, reason: 'resent' };
    // One card at a time: the shift before, whose card-out never came (or came later than this card-in), ends now.
    await tx
      .update(driverShift)
      .set({ cardOutAt: at })
      .where(
        and(
          eq(driverShift.deviceId, row.id),
          ne(driverShift.id, inserted.id),
          lte(driverShift.cardInAt, at),
          or(isNull(driverShift.cardOutAt), gt(driverShift.cardOutAt, at)),
        ),
      );
    return { stored: true };
  });
}

/** The device's newest shift that began by `at`, ended or not. */
async function shiftAt(tx: Tx, deviceId: number, at: Date) {
  const [shift] = await tx
    .select({ id: driverShift.id, cardOutAt: driverShift.cardOutAt })
    .from(driverShift)
    .where(and(eq(driverShift.deviceId, deviceId), lte(driverShift.cardInAt, at)))
    .orderBy(desc(driverShift.cardInAt), desc(driverShift.id))
    .limit(1);
  return shift;
}
