// Vehicles and their notification e-mails.

import { type VehicleKind, type VehicleUse, vehicleKinds, vehicleUses } from '@safety-shield/contract';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { belongTo, chainIndex, createdAt, identity, newestFirstIndex, partOf } from './columns.js';

/**
 * Vehicles (SPEC section 3). The owner chain is belongTo; a lease (SPEC section 4) lends the vehicle to another fleet
 * until lease_expire_at, and the lessee chain sees and uses it while the lease runs (see vehicles/scope.ts).
 */
export const vehicle = pgTable(
  'vehicle',
  {
    id: identity(),
    licensePlate: text('license_plate').notNull(),
    brand: text('brand'),
    model: text('model'),
    /** Keys (issue 29, migration 0032): the console names them in the reader's language. */
    kindName: text('kind_name', { enum: vehicleKinds }).$type<VehicleKind>(),
    useFor: text('use_for', { enum: vehicleUses }).$type<VehicleUse>(),
    /** Kilometres on the odometer when the vehicle was registered; the trail adds to it. */
    initialMileageKm: integer('initial_mileage_km').notNull().default(0),
    drivenMeters: bigint('driven_meters', { mode: 'number' }).notNull().default(0),
    runningSeconds: bigint('running_seconds', { mode: 'number' }).notNull().default(0),
    attribution: text('attribution'),
    address: text('address'),
    customer: text('customer'),
    leaseAgentId: integer('lease_agent_id'),
    leaseCompanyId: integer('lease_company_id'),
    leaseFleetId: integer('lease_fleet_id'),
    leaseExpireAt: timestamp('lease_expire_at', { withTimezone: true }),
    ...belongTo(),
    createdAt: createdAt(),
  },
  (t) => [
    // Plates name vehicles in the console's paths (/map/{licensePlate}): unique platform-wide, without regard to case.
    uniqueIndex('vehicle_plate_idx').on(sql`upper(${t.licensePlate})`),
    chainIndex('vehicle_scope_idx', t),
    index('vehicle_lease_idx').on(t.leaseAgentId, t.leaseCompanyId, t.leaseFleetId),
    newestFirstIndex('vehicle_created_idx', t),
  ],
);

/** Notification e-mails of a vehicle, unverified until the 6-digit code sent to them comes back. */
export const vehicleEmail = pgTable(
  'vehicle_email',
  {
    id: identity(),
    vehicleId: partOf('vehicle_id', () => vehicle.id),
    email: text('email').notNull(),
    state: text('state', { enum: ['unverified', 'verified'] })
      .notNull()
      .default('unverified'),
    /** SHA-256 of the code last sent, its time, and the wrong tries since. */
    codeHash: text('code_hash'),
    codeSentAt: timestamp('code_sent_at', { withTimezone: true }),
    codeAttempts: integer('code_attempts').notNull().default(0),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('vehicle_email_idx').on(t.vehicleId, sql`lower(${t.email})`)],
);
