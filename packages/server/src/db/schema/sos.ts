import { sql } from 'drizzle-orm';
import { bigint, doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { belongTo, bigIdentity, createdAt, deviceAndVehicle } from './columns.js';

/**
 * A device's S.O.S (docs/device-protocol.md, `sos`): pressed (active), released by the device (stopped), and closed by
 * an operator on the Focus Board. The vehicle, its plate and chain are those of the binding at the press (a snapshot).
 */
export const sos = pgTable(
  'sos',
  {
    id: bigIdentity(),
    ...deviceAndVehicle(),
    /** The id of the device's `sos` start message: a resend is stored once. */
    startMessageId: text('start_message_id').notNull(),
    /** The panicButton incident filed with it (null if the company's tag refuses incidents). */
    incidentId: bigint('incident_id', { mode: 'number' }),
    /** The device's clock at the press as it showed it, and the portal's reading of that moment. */
    startLocalTime: text('start_local_time'),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    stopLocalTime: text('stop_local_time'),
    stopAt: timestamp('stop_at', { withTimezone: true }),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    state: text('state', { enum: ['active', 'stopped', 'closed'] })
      .notNull()
      .default('active'),
    closedById: integer('closed_by_id'),
    closedByName: text('closed_by_name'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    ...belongTo(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('sos_message_idx').on(t.deviceId, t.startMessageId),
    // The Focus Board: the open ones of a company.
    index('sos_open_idx').on(t.belongCompanyId, t.startAt).where(sql`${t.state} <> 'closed'`),
    index('sos_company_time_idx').on(t.belongCompanyId, t.startAt, t.id),
    index('sos_device_idx').on(t.deviceId, t.state),
  ],
);
