// Statistics (issue 19): daily rollups of incidents and trails per company-local day, the job's watermark per company,
// and the change log that tells the job (and the queries) which rolled days no longer hold. docs/decisions.md,
// "Statistics (issue 19)"; the triggers that fill stat_change are in the migration (drizzle/0028_statistics.sql).

import { bigint, date, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { belongTo, bigIdentity } from './columns.js';

/**
 * The rollup job's watermark per company: every day before `rolled_until` (a date in `time_zone`) is rolled up, except
 * the days stat_change still names. Another zone than the company's current one: nothing of it counts (the job rolls
 * the company afresh).
 */
export const statRollup = pgTable('stat_rollup', {
  companyId: integer('company_id').primaryKey(),
  timeZone: text('time_zone').notNull(),
  rolledUntil: date('rolled_until', { mode: 'string' }),
  rolledAt: timestamp('rolled_at', { withTimezone: true }),
});

/**
 * What changed since the job last looked: an incident arrived, was re-tagged, went to the recycle bin, came back or was
 * deleted (every change, by the incident triggers), or a position arrived late (older than an hour, by the trail
 * trigger). A rolled day with an entry is counted directly until the job rolls it again and deletes the entry.
 */
export const statChange = pgTable(
  'stat_change',
  {
    id: bigIdentity(),
    companyId: integer('company_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [index('stat_change_company_idx').on(t.companyId, t.at)],
);

/** What both incident rollups count by: the chain (a fleet's), the company-local day, the type and the tag. */
const incidentDay = () => ({
  ...belongTo(),
  day: date('day', { mode: 'string' }).notNull(),
  type: text('type').notNull(),
  tagId: integer('tag_id'),
});

/** Incidents per company-local day, fleet, type and tag (live ones only: the recycle bin is not counted). */
export const statIncidentDay = pgTable(
  'stat_incident_day',
  {
    ...incidentDay(),
    incidents: integer('incidents').notNull(),
  },
  (t) => [index('stat_incident_day_company_idx').on(t.belongCompanyId, t.day)],
);

/** The same by place: the nearest town (places/, offline) of each incident's position; no name where there is none. */
export const statPlaceDay = pgTable(
  'stat_place_day',
  {
    ...incidentDay(),
    placeName: text('place_name'),
    placeCountry: text('place_country'),
    incidents: integer('incidents').notNull(),
  },
  (t) => [index('stat_place_day_company_idx').on(t.belongCompanyId, t.day)],
);

/**
 * What each vehicle drove per company-local day, by the odometer's rule (device-port/mileage.ts): segments between a
 * device's consecutive positions of the same vehicle, ending that day. The company is the vehicle's owner when rolled.
 */
export const statVehicleDay = pgTable(
  'stat_vehicle_day',
  {
    companyId: integer('company_id').notNull(),
    vehicleId: integer('vehicle_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    meters: doublePrecision('meters').notNull(),
    drivingMs: bigint('driving_ms', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.day, t.vehicleId] }), index('stat_vehicle_day_vehicle_idx').on(t.vehicleId, t.day)],
);
