// Incidents and what hangs off them: tags, evidence resources, comments, history and on-demand evidence requests.

import { sql } from 'drizzle-orm';
import { bigint, boolean, doublePrecision, index, integer, jsonb, pgTable, real, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { actor, belongTo, bigIdentity, createdAt, deviceAndVehicle, happenedAt, identity, updatedAt } from './columns.js';

/**
 * Incident tags of a company (SPEC section 3): whether incidents and videos of the tag are received, and how many days
 * their evidence is kept. Every company has the three defaults (emergency, interactive, general), restorable.
 */
export const eventTag = pgTable(
  'event_tag',
  {
    id: identity(),
    name: text('name').notNull(),
    /** The default tag this is (its name may be changed), or null for a company's own tag. */
    defaultKind: text('default_kind', { enum: ['emergency', 'interactive', 'general'] }),
    receiveIncident: boolean('receive_incident').notNull().default(true),
    receiveVideo: boolean('receive_video').notNull().default(true),
    holdDays: integer('hold_days').notNull().default(90),
    /** E-mail new incidents of this tag to the vehicle's verified notification addresses and the company's recipients. */
    notifyEmail: boolean('notify_email').notNull().default(false),
    ...belongTo(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('event_tag_name_idx').on(t.belongCompanyId, sql`lower(${t.name})`),
    uniqueIndex('event_tag_default_idx').on(t.belongCompanyId, t.defaultKind),
  ],
);

/** Incidents (SPEC section 3). The chain is the vehicle's at the time; (device, message id) makes a resent one arrive once. */
export const incident = pgTable(
  'incident',
  {
    id: bigIdentity(),
    ...deviceAndVehicle(),
    /** The id of the device's message that reported it. */
    messageId: text('message_id').notNull(),
    type: text('type').notNull(),
    description: text('description'),
    tagId: integer('tag_id'),
    speed: real('speed'),
    /** When it happened (the portal's reading of the device time), the device's clock, and the local time as the device showed it. */
    triggerAt: timestamp('trigger_at', { withTimezone: true }).notNull(),
    deviceAt: timestamp('device_at', { withTimezone: true }),
    localTime: text('local_time'),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    channel: integer('channel'),
    /** The driver whose card was in the device when it happened (a snapshot of the card's name and licence), if any. */
    driverName: text('driver_name'),
    driverLicence: text('driver_licence'),
    reviewState: text('review_state', { enum: ['unread', 'reviewed'] })
      .notNull()
      .default('unread'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewerId: integer('reviewer_id'),
    reviewerName: text('reviewer_name'),
    /** Set while in the recycle bin. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...belongTo(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('incident_message_idx').on(t.deviceId, t.messageId),
    // The list: one company's incidents, newest first, in or out of the recycle bin.
    index('incident_company_time_idx').on(t.belongCompanyId, t.triggerAt, t.id),
    // One company's live incidents with every column the list's filters, its count and the map read: those answer
    // from the index alone (an index-only scan), without visiting the table.
    index('incident_company_live_idx')
      .on(
        t.belongCompanyId,
        t.triggerAt,
        t.id,
        t.belongAgentId,
        t.belongFleetId,
        t.tagId,
        t.type,
        t.reviewState,
        t.speed,
        t.vehicleId,
        t.lat,
        t.lng,
      )
      .where(sql`${t.deletedAt} is null`),
    index('incident_fleet_time_idx').on(t.belongFleetId, t.triggerAt),
    index('incident_vehicle_time_idx').on(t.vehicleId, t.triggerAt),
    index('incident_time_idx').on(t.triggerAt),
  ],
);

/** The incident a row is part of: deleting the incident deletes the row too. */
const partOfIncident = () =>
  bigint('incident_id', { mode: 'number' })
    .notNull()
    .references(() => incident.id, { onDelete: 'cascade' });

/** Evidence an incident holds on the device (pictures, videos per channel), with its upload state (SPEC section 3: 0..6, -1). */
export const incidentResource = pgTable(
  'incident_resource',
  {
    id: bigIdentity(),
    incidentId: partOfIncident(),
    /** The device's own name for the file. */
    deviceResourceId: text('device_resource_id').notNull(),
    kind: text('kind', { enum: ['picture', 'video'] }).notNull(),
    channel: integer('channel').notNull().default(1),
    startAt: timestamp('start_at', { withTimezone: true }),
    endAt: timestamp('end_at', { withTimezone: true }),
    state: integer('state').notNull().default(0),
    failReason: text('fail_reason'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    sha256: text('sha256'),
    contentType: text('content_type'),
    objectKey: text('object_key'),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('incident_resource_device_idx').on(t.incidentId, t.deviceResourceId)],
);

/** Comments on an incident (SPEC section 3: paged; body and time). */
export const incidentComment = pgTable(
  'incident_comment',
  {
    id: bigIdentity(),
    incidentId: partOfIncident(),
    ...actor(),
    body: text('body').notNull(),
    at: happenedAt(),
  },
  (t) => [index('incident_comment_idx').on(t.incidentId, t.at)],
);

/** What happened to an incident (arrived, reviewed, re-tagged, deleted, restored, commented, evidence states), append-only. */
export const incidentHistory = pgTable(
  'incident_history',
  {
    id: bigIdentity(),
    incidentId: partOfIncident(),
    action: text('action').notNull(),
    username: text('username'),
    detail: jsonb('detail'),
    at: happenedAt(),
  },
  (t) => [index('incident_history_idx').on(t.incidentId, t.at)],
);

/**
 * An operator's on-demand request for evidence still on a device (docs/device-protocol.md, `evidenceRequest`):
 * waiting for the device, sent to it, done once every resource reached 4, failed, or cancelled.
 */
export const evidenceTask = pgTable(
  'evidence_task',
  {
    id: bigIdentity(),
    incidentId: partOfIncident(),
    deviceUuid: text('device_uuid').notNull(),
    kind: text('kind', { enum: ['picture', 'video', 'clip'] }).notNull(),
    /** incident_resource row ids. */
    resourceIds: bigint('resource_ids', { mode: 'number' }).array().notNull(),
    state: text('state', { enum: ['waiting', 'sent', 'done', 'failed', 'cancelled'] })
      .notNull()
      .default('waiting'),
    reason: text('reason'),
    createdById: integer('created_by_id'),
    createdByName: text('created_by_name'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('evidence_task_incident_idx').on(t.incidentId), index('evidence_task_device_state_idx').on(t.deviceUuid, t.state)],
);
