import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { belongTo, bigIdentity, createdAt, deviceAndVehicle } from './columns.js';

/**
 * Who drove (issue 30): a driver's card in a device from the moment it went in to the moment it came out, as the
 * device reported them (JT/T 808 0x0702). The vehicle, plate and chain are those of the binding at the card-in (a
 * snapshot); incidents filed while the card is in carry its driver. A driver is data the device reports, not an account.
 */
export const driverShift = pgTable(
  'driver_shift',
  {
    id: bigIdentity(),
    ...deviceAndVehicle(),
    /** The id of the device's card-in message: a resent one is stored once. */
    inMessageId: text('in_message_id').notNull(),
    driverName: text('driver_name'),
    /** The driver's licence (qualification certificate) number. */
    licence: text('licence'),
    authority: text('authority'),
    /** YYYY-MM-DD, as the card says. */
    validUntil: text('valid_until'),
    idNumber: text('id_number'),
    cardInAt: timestamp('card_in_at', { withTimezone: true }).notNull(),
    /** Null while the card is in; a card-in without a card-out before it ends the shift before. */
    cardOutAt: timestamp('card_out_at', { withTimezone: true }),
    ...belongTo(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('driver_shift_message_idx').on(t.deviceId, t.inMessageId),
    // The driver at a moment: a device's shifts by their start.
    index('driver_shift_device_time_idx').on(t.deviceId, t.cardInAt),
    // A vehicle's drivers over a time.
    index('driver_shift_vehicle_time_idx').on(t.vehicleId, t.cardInAt),
  ],
);
