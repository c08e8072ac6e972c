// Columns many tables share: generated ids, the creation and change times, a part's reference to its whole, the device a
// record comes from, who acted, the organisation chain a record belongs to, and documents of a contract schema; and the
// indexes that go with them.

import { type AnyPgColumn, bigint, customType, index, integer, text, timestamp } from 'drizzle-orm/pg-core';
import type { Static, TSchema } from 'typebox';
import { Value } from 'typebox/value';

/** A generated primary key `id`; `bigIdentity` for tables that grow with the devices' traffic. */
export const identity = () => integer('id').primaryKey().generatedAlwaysAsIdentity();
export const bigIdentity = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/** When the row last changed: its writers set it to now(). */
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** When a logged thing happened (`at`): the time of the insert unless the writer gives one. */
export const happenedAt = () => timestamp('at', { withTimezone: true }).notNull().defaultNow();

/** The index a newest-first page reads backwards: the creation time, then the id to break ties. */
export const newestFirstIndex = (name: string, t: { createdAt: AnyPgColumn; id: AnyPgColumn }) => index(name).on(t.createdAt, t.id);

/** The row this one is part of: required, and deleting that row deletes this one too. */
export const partOf = (name: string, whole: () => AnyPgColumn) => integer(name).notNull().references(whole, { onDelete: 'cascade' });

/** The device a record comes from, by id and by the uuid it calls itself (kept: the console shows it). */
export const fromDevice = () => ({
  deviceId: integer('device_id').notNull(),
  deviceUuid: text('device_uuid').notNull(),
});

/**
 * The device a record comes from and the vehicle it was bound to at the time, plate included: a snapshot, so a later
 * binding or a new plate leaves the record as it was.
 */
export const deviceAndVehicle = () => ({
  ...fromDevice(),
  vehicleId: integer('vehicle_id'),
  licensePlate: text('license_plate'),
});

/** Who acted: the account (null where none did) and its username at the time, which outlives the account. */
export const actor = () => ({
  accountId: integer('account_id'),
  username: text('username').notNull(),
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

/** The index that scopes a table by its organisation chain (`belongTo`), then by `more` (a time, for newest-first logs). */
export const chainIndex = (
  name: string,
  t: { belongAgentId: AnyPgColumn; belongCompanyId: AnyPgColumn; belongFleetId: AnyPgColumn },
  ...more: AnyPgColumn[]
) => index(name).on(t.belongAgentId, t.belongCompanyId, t.belongFleetId, ...more);

/** A copy of `value` without the properties `schema` does not declare, at any depth. */
const declaredOnly = <S extends TSchema>(schema: S, value: unknown): Static<S> => Value.Clean(schema, Value.Clone(value)) as Static<S>;

/**
 * A JSON document of one of the contract's schemas, holding only what the schema declares (issue 28). The API
 * refuses undeclared properties already; this column also cuts them from what a device reports and from rows stored
 * before that rule, on reading as on writing, so no path (a revert, a batch built on what a device runs, a retry, a
 * threshold class) can hand them to a device.
 */
export const declaredJson = <S extends TSchema>(name: string, schema: S) =>
  customType<{ data: Static<S>; driverData: unknown }>({
    dataType: () => 'jsonb',
    toDriver: (value) => JSON.stringify(declaredOnly(schema, value)),
    // PGlite and node-postgres hand jsonb over parsed; a driver that hands over text is read the same.
    fromDriver: (value) => declaredOnly(schema, typeof value === 'string' ? JSON.parse(value) : value),
  })(name);
