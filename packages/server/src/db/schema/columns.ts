// Columns many tables share: generated ids, the creation time, a part's reference to its whole, the device a record
// comes from, and the organisation chain a record belongs to.

import { type AnyPgColumn, bigint, integer, text, timestamp } from 'drizzle-orm/pg-core';

/** A generated primary key `id`; `bigIdentity` for tables that grow with the devices' traffic. */
export const identity = () => integer('id').primaryKey().generatedAlwaysAsIdentity();
export const bigIdentity = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** The row this one is part of: required, and deleting that row deletes this one too. */
export const partOf = (name: string, whole: () => AnyPgColumn) => integer(name).notNull().references(whole, { onDelete: 'cascade' });

/**
 * The device a record comes from and the vehicle it was bound to at the time, plate included: a snapshot, so a later
 * binding or a new plate leaves the record as it was.
 */
export const deviceAndVehicle = () => ({
  deviceId: integer('device_id').notNull(),
  deviceUuid: text('device_uuid').notNull(),
  vehicleId: integer('vehicle_id'),
  licensePlate: text('license_plate'),
});

/**
 * The organisation chain a scoped record belongs to (SPEC section 6). Organisations carry it too:
 * an agent's own id is its belong_agent_id, a company's its belong_company_id, and so on, so one
 * predicate scopes organisations, accounts and every later table alike.
 */
export const belongTo = () => ({
  belongAgentId: integer('belong_agent_id'),
  belongCompanyId: integer('belong_company_id'),
  belongFleetId: integer('belong_fleet_id'),
});
