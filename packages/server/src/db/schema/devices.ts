// DVR devices: the devices themselves, their trail, their binding log and their running-status alerts.

import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  actor,
  belongTo,
  bigIdentity,
  chainIndex,
  createdAt,
  fromDevice,
  happenedAt,
  identity,
  newestFirstIndex,
  updatedAt,
} from './columns.js';
import { vehicle } from './vehicles.js';

/** DVR devices (SPEC section 3). A device without a vehicle is "unmatched"; its scope is its company's. */
export const device = pgTable(
  'device',
  {
    id: identity(),
    deviceUuid: text('device_uuid').notNull(),
    /** The protocol the device speaks (`mqtt`, `jt808`): which adapter of the device port serves it. */
    protocol: text('protocol', { enum: ['mqtt', 'jt808'] })
      .notNull()
      .default('mqtt'),
    name: text('name'),
    channels: integer('channels').notNull().default(1),
    online: boolean('online').notNull().default(false),
    firstOnlineAt: timestamp('first_online_at', { withTimezone: true }),
    lastOnlineAt: timestamp('last_online_at', { withTimezone: true }),
    lastOfflineAt: timestamp('last_offline_at', { withTimezone: true }),
    /** Seconds connected over all finished connections; the running one is counted from last_online_at. */
    connectedSeconds: bigint('connected_seconds', { mode: 'number' }).notNull().default(0),
    iccid: text('iccid'),
    version: text('version'),
    /** The hardware model its `hello` reports (protocol 1.3): which firmware fits. */
    model: text('model'),
    /** SHA-256 of the device's own MQTT secret; null until it has been provisioned one. */
    secretHash: text('secret_hash'),
    vehicleId: integer('vehicle_id').references(() => vehicle.id),
    boundAt: timestamp('bound_at', { withTimezone: true }),
    /** The newest position the device reported (the live position of its vehicle). */
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    speed: real('speed'),
    heading: real('heading'),
    dbm: integer('dbm'),
    positionAt: timestamp('position_at', { withTimezone: true }),
    /** The device's clock of the newest `health` report applied: an older one arriving late is ignored. */
    healthAt: timestamp('health_at', { withTimezone: true }),
    ...belongTo(),
    updatedAt: updatedAt(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('device_uuid_idx').on(t.deviceUuid),
    index('device_vehicle_idx').on(t.vehicleId),
    chainIndex('device_scope_idx', t),
    newestFirstIndex('device_created_idx', t),
  ],
);

/**
 * The trail: every position a device reported, with the vehicle it was bound to then. (device, t) is the key, so a
 * batch resent after a lost acknowledgement is stored once. Ingest writes it in multi-row batches.
 */
export const gpsPoint = pgTable(
  'gps_point',
  {
    deviceId: integer('device_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    vehicleId: integer('vehicle_id'),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    speed: real('speed').notNull(),
    heading: real('heading').notNull(),
    dbm: integer('dbm'),
  },
  (t) => [primaryKey({ columns: [t.deviceId, t.at] }), index('gps_point_vehicle_idx').on(t.vehicleId, t.at)],
);

/** Binding and unbinding of devices and vehicles (`/v2/logs/bind/list`), append-only. */
export const deviceBindLog = pgTable(
  'device_bind_log',
  {
    id: bigIdentity(),
    ...fromDevice(),
    vehicleId: integer('vehicle_id').notNull(),
    licensePlate: text('license_plate').notNull(),
    action: text('action', { enum: ['bind', 'unbind'] }).notNull(),
    /** An unbind that took the device from a vehicle it was bound to, on purpose (SPEC section 4: forced unbind). */
    forced: boolean('forced').notNull().default(false),
    ...actor(),
    at: happenedAt(),
    ...belongTo(),
  },
  (t) => [
    index('device_bind_log_device_idx').on(t.deviceId, t.at),
    index('device_bind_log_scope_idx').on(t.belongAgentId, t.belongCompanyId, t.at),
  ],
);

/**
 * A device's running-status alert (docs/device-protocol.md, `health`): one row per fault from when the device first
 * reports it until it reports it gone. Scope follows the device (its current organisation maintains it), so the
 * chain is not copied here. channel 0: a fault of the whole device.
 */
export const deviceAlert = pgTable(
  'device_alert',
  {
    id: bigIdentity(),
    deviceId: integer('device_id').notNull(),
    code: text('code').notNull(),
    channel: integer('channel').notNull().default(0),
    raisedAt: timestamp('raised_at', { withTimezone: true }).notNull(),
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledById: integer('handled_by_id'),
    handledByName: text('handled_by_name'),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [
    // One open alert per fault: a report repeating it changes nothing.
    uniqueIndex('device_alert_open_idx').on(t.deviceId, t.code, t.channel).where(sql`${t.clearedAt} is null`),
    // The badge: pending alerts, found per device.
    index('device_alert_pending_idx').on(t.deviceId).where(sql`${t.clearedAt} is null and ${t.handledAt} is null`),
    index('device_alert_device_time_idx').on(t.deviceId, t.raisedAt),
    index('device_alert_time_idx').on(t.raisedAt, t.id),
  ],
);

/**
 * A device's finished connections (docs/device-protocol.md, Presence): written when it goes offline, so online time
 * can be told per day (`/device/lineSummary`). The running connection is the device row's `last_online_at` onwards.
 */
export const deviceSession = pgTable(
  'device_session',
  {
    id: bigIdentity(),
    deviceId: integer('device_id').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('device_session_device_idx').on(t.deviceId, t.endedAt), index('device_session_ended_idx').on(t.endedAt)],
);
