import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * The organisation chain a scoped record belongs to (SPEC section 6). Organisations carry it too:
 * an agent's own id is its belong_agent_id, a company's its belong_company_id, and so on, so one
 * predicate scopes organisations, accounts and every later table alike.
 */
const belongTo = () => ({
  belongAgentId: integer('belong_agent_id'),
  belongCompanyId: integer('belong_company_id'),
  belongFleetId: integer('belong_fleet_id'),
});

/** Agents (area suppliers), companies, fleets and sites: one table, `kind` says which (SPEC section 3). */
export const org = pgTable(
  'org',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: ['agent', 'company', 'fleet', 'site'] }).notNull(),
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    address: text('address'),
    description: text('description'),
    state: text('state', { enum: ['enabled', 'forbidden'] })
      .notNull()
      .default('enabled'),
    /** A data: URL of a JPG or PNG, checked by content. */
    logo: text('logo'),
    /** Agents: how many companies they may have; null is no limit. */
    companyQuota: integer('company_quota'),
    /** Agents and companies: how many devices they may have; null is no limit. */
    deviceQuota: integer('device_quota'),
    /** Companies: their notification settings (`/system/companySetting`). */
    notification: jsonb('notification'),
    /** Companies: SHA-256 of the key new devices connect with the first time (docs/device-protocol.md). */
    provisioningKeyHash: text('provisioning_key_hash'),
    ...belongTo(),
    createdAt: createdAt(),
  },
  (t) => [
    index('org_parent_idx').on(t.parentId),
    index('org_scope_idx').on(t.belongAgentId, t.belongCompanyId, t.belongFleetId),
    // SPEC: names are unique among siblings, without regard to case.
    uniqueIndex('org_provisioning_key_idx').on(t.provisioningKeyHash),
    uniqueIndex('org_sibling_name_idx').on(t.kind, sql`coalesce(${t.parentId}, 0)`, sql`lower(${t.name})`),
  ],
);

export const account = pgTable(
  'account',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').notNull(),
    realName: text('real_name'),
    email: text('email'),
    phone: text('phone'),
    fixedTel: text('fixed_tel'),
    address: text('address'),
    language: text('language'),
    timeZone: text('time_zone'),
    state: text('state', { enum: ['usable', 'disabled'] })
      .notNull()
      .default('usable'),
    firstTimeLogin: boolean('first_time_login').notNull().default(false),
    expireTime: timestamp('expire_time', { withTimezone: true }),
    belongAgentId: integer('belong_agent_id').references(() => org.id),
    belongCompanyId: integer('belong_company_id').references(() => org.id),
    belongFleetId: integer('belong_fleet_id').references(() => org.id),
    belongSiteId: integer('belong_site_id').references(() => org.id),
    /** Wrong passwords in a row; the fifth suspends the account (SPEC section 4). */
    failedLogins: integer('failed_logins').notNull().default(0),
    /** The Google Authenticator secret, encrypted; bound once mfa_bound_at is set. */
    mfaSecret: text('mfa_secret'),
    mfaBoundAt: timestamp('mfa_bound_at', { withTimezone: true }),
    /** The last TOTP time step accepted, so a code cannot be used twice. */
    mfaLastStep: bigint('mfa_last_step', { mode: 'number' }),
    /** The account's own settings (`/v1/account/getParamSetting`). */
    paramSetting: jsonb('param_setting'),
    /** Who registered this account (null for the bootstrap Super Admin). */
    createdBy: integer('created_by'),
    lastLoginTime: timestamp('last_login_time', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // Usernames are unique without regard to case, so 'Admin' cannot shadow 'admin'.
    uniqueIndex('account_username_idx').on(sql`lower(${t.username})`),
    index('account_scope_idx').on(t.belongAgentId, t.belongCompanyId, t.belongFleetId),
    // Lists show the newest first: the first page is read backwards straight off this index.
    index('account_created_idx').on(t.createdAt, t.id),
  ],
);

/** API tokens (SPEC section 3): at most 3 per account, stored hashed, shown once. */
export const apiToken = pgTable(
  'api_token',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => account.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('api_token_hash_idx').on(t.tokenHash), index('api_token_account_idx').on(t.accountId)],
);

/** Every write and every login, append-only: who, as what, did what to which target, with what result. */
export const operationLog = pgTable(
  'operation_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    accountId: integer('account_id'),
    username: text('username').notNull(),
    role: text('role'),
    action: text('action').notNull(),
    target: text('target'),
    /** REQUEST_SUCCESS or the codeKey the call failed with. */
    result: text('result').notNull(),
    ip: text('ip'),
    detail: jsonb('detail'),
    ...belongTo(),
  },
  (t) => [
    index('operation_log_at_idx').on(t.at),
    index('operation_log_account_idx').on(t.accountId, t.at),
    index('operation_log_scope_idx').on(t.belongAgentId, t.belongCompanyId, t.belongFleetId, t.at),
  ],
);

/** Console sessions: the token itself is never stored, only its SHA-256. */
export const session = pgTable(
  'session',
  {
    tokenHash: text('token_hash').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => account.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** A login waiting for its Google Authenticator code: the token opens nothing until then. */
    mfaPending: boolean('mfa_pending').notNull().default(false),
    mfaAttempts: integer('mfa_attempts').notNull().default(0),
  },
  (t) => [index('session_account_idx').on(t.accountId)],
);

/** Robot-check challenges already used once, kept until they expire so a solution cannot be replayed. */
export const captchaUse = pgTable('captcha_use', {
  id: text('id').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Server-wide settings and secrets shared by every portal node. */
export const systemSetting = pgTable('system_setting', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/**
 * Authorization terms (SPEC section 3). Editing a published clause makes a new version with the same origin, which
 * must be accepted again; only the newest version of an origin is active. No agent: the clause is platform-wide.
 */
export const clause = pgTable(
  'clause',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    originId: integer('origin_id'),
    version: integer('version').notNull().default(1),
    title: text('title').notNull(),
    /** Rich text (HTML); the console renders it through an allow-list sanitiser. */
    content: text('content').notNull(),
    placeType: text('place_type', { enum: ['self', 'organisation'] }).notNull(),
    mustCheck: boolean('must_check').notNull().default(true),
    active: boolean('active').notNull().default(true),
    authorRole: text('author_role').notNull(),
    createdBy: integer('created_by'),
    ...belongTo(),
    createdAt: createdAt(),
  },
  (t) => [index('clause_origin_idx').on(t.originId), index('clause_scope_idx').on(t.belongAgentId, t.active)],
);

/** Every acceptance and cancellation of a clause, for an account (self) or a company (organisation), append-only. */
export const clauseConsent = pgTable(
  'clause_consent',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    clauseId: integer('clause_id')
      .notNull()
      .references(() => clause.id, { onDelete: 'cascade' }),
    /** Who acted. */
    accountId: integer('account_id').notNull(),
    username: text('username').notNull(),
    /** The company that accepted an organisation clause; null for one's own. */
    companyId: integer('company_id'),
    state: text('state', { enum: ['agreed', 'cancelled'] }).notNull(),
    /** The local time of the person who acted, as their browser showed it. */
    localTime: text('local_time'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    ...belongTo(),
  },
  (t) => [
    index('clause_consent_account_idx').on(t.accountId, t.clauseId, t.at),
    index('clause_consent_company_idx').on(t.companyId, t.clauseId, t.at),
    index('clause_consent_scope_idx').on(t.belongAgentId, t.belongCompanyId, t.belongFleetId, t.at),
  ],
);

/** A company's subscription (issue 4): plan, device quota and period; the Super Admin manages them. */
export const subscription = pgTable(
  'subscription',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => org.id),
    plan: text('plan', { enum: ['basic', 'standard', 'premium'] }).notNull(),
    deviceQuota: integer('device_quota').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    state: text('state', { enum: ['active', 'suspended', 'ended'] })
      .notNull()
      .default('active'),
    ...belongTo(),
    createdAt: createdAt(),
  },
  (t) => [index('subscription_company_idx').on(t.companyId, t.state)],
);

/** Usage per company and month (API calls, live-video minutes, evidence bytes), added to in batches. */
export const usageCounter = pgTable(
  'usage_counter',
  {
    companyId: integer('company_id').notNull(),
    month: text('month').notNull(),
    metric: text('metric', { enum: ['apiCalls', 'liveMinutes', 'storageBytes'] }).notNull(),
    value: bigint('value', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.month, t.metric] })],
);

/**
 * Vehicles (SPEC section 3). The owner chain is belongTo; a lease (SPEC section 4) lends the vehicle to another fleet
 * until lease_expire_at, and the lessee chain sees and uses it while the lease runs (see vehicles/scope.ts).
 */
export const vehicle = pgTable(
  'vehicle',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    licensePlate: text('license_plate').notNull(),
    brand: text('brand'),
    model: text('model'),
    kindName: text('kind_name'),
    useFor: text('use_for'),
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
    index('vehicle_scope_idx').on(t.belongAgentId, t.belongCompanyId, t.belongFleetId),
    index('vehicle_lease_idx').on(t.leaseAgentId, t.leaseCompanyId, t.leaseFleetId),
    index('vehicle_created_idx').on(t.createdAt, t.id),
  ],
);

/** DVR devices (SPEC section 3). A device without a vehicle is "unmatched"; its scope is its company's. */
export const device = pgTable(
  'device',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    deviceUuid: text('device_uuid').notNull(),
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
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('device_uuid_idx').on(t.deviceUuid),
    index('device_vehicle_idx').on(t.vehicleId),
    index('device_scope_idx').on(t.belongAgentId, t.belongCompanyId, t.belongFleetId),
    index('device_created_idx').on(t.createdAt, t.id),
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
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    deviceId: integer('device_id').notNull(),
    deviceUuid: text('device_uuid').notNull(),
    vehicleId: integer('vehicle_id').notNull(),
    licensePlate: text('license_plate').notNull(),
    action: text('action', { enum: ['bind', 'unbind'] }).notNull(),
    /** An unbind that took the device from a vehicle it was bound to, on purpose (SPEC section 4: forced unbind). */
    forced: boolean('forced').notNull().default(false),
    accountId: integer('account_id'),
    username: text('username').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    ...belongTo(),
  },
  (t) => [
    index('device_bind_log_device_idx').on(t.deviceId, t.at),
    index('device_bind_log_scope_idx').on(t.belongAgentId, t.belongCompanyId, t.at),
  ],
);

/** Notification e-mails of a vehicle, unverified until the 6-digit code sent to them comes back. */
export const vehicleEmail = pgTable(
  'vehicle_email',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicle.id, { onDelete: 'cascade' }),
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

/**
 * Incident tags of a company (SPEC section 3): whether incidents and videos of the tag are received, and how many days
 * their evidence is kept. Every company has the three defaults (emergency, interactive, general), restorable.
 */
export const eventTag = pgTable(
  'event_tag',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
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
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    deviceId: integer('device_id').notNull(),
    /** The id of the device's message that reported it. */
    messageId: text('message_id').notNull(),
    deviceUuid: text('device_uuid').notNull(),
    vehicleId: integer('vehicle_id'),
    licensePlate: text('license_plate'),
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

/** Evidence an incident holds on the device (pictures, videos per channel), with its upload state (SPEC section 3: 0..6, -1). */
export const incidentResource = pgTable(
  'incident_resource',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    incidentId: bigint('incident_id', { mode: 'number' })
      .notNull()
      .references(() => incident.id, { onDelete: 'cascade' }),
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
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('incident_resource_device_idx').on(t.incidentId, t.deviceResourceId)],
);

/** Comments on an incident (SPEC section 3: paged; body and time). */
export const incidentComment = pgTable(
  'incident_comment',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    incidentId: bigint('incident_id', { mode: 'number' })
      .notNull()
      .references(() => incident.id, { onDelete: 'cascade' }),
    accountId: integer('account_id'),
    username: text('username').notNull(),
    body: text('body').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('incident_comment_idx').on(t.incidentId, t.at)],
);

/** What happened to an incident (arrived, reviewed, re-tagged, deleted, restored, commented, evidence states), append-only. */
export const incidentHistory = pgTable(
  'incident_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    incidentId: bigint('incident_id', { mode: 'number' })
      .notNull()
      .references(() => incident.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    username: text('username'),
    detail: jsonb('detail'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
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
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    incidentId: bigint('incident_id', { mode: 'number' })
      .notNull()
      .references(() => incident.id, { onDelete: 'cascade' }),
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
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('evidence_task_incident_idx').on(t.incidentId), index('evidence_task_device_state_idx').on(t.deviceUuid, t.state)],
);

/**
 * A device's S.O.S (docs/device-protocol.md, `sos`): pressed (active), released by the device (stopped), and closed by
 * an operator on the Focus Board. The vehicle, its plate and chain are those of the binding at the press (a snapshot).
 */
export const sos = pgTable(
  'sos',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    deviceId: integer('device_id').notNull(),
    deviceUuid: text('device_uuid').notNull(),
    /** The id of the device's `sos` start message: a resend is stored once. */
    startMessageId: text('start_message_id').notNull(),
    vehicleId: integer('vehicle_id'),
    licensePlate: text('license_plate'),
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

/**
 * A device's running-status alert (docs/device-protocol.md, `health`): one row per fault from when the device first
 * reports it until it reports it gone. Scope follows the device (its current organisation maintains it), so the
 * chain is not copied here. channel 0: a fault of the whole device.
 */
export const deviceAlert = pgTable(
  'device_alert',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
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
 * A live video session (docs/device-protocol.md, `live`; modules/live): any portal node answers its start, state, stop
 * and media server hooks. The publish key is stored as its SHA-256 only. `media`: which media server the device
 * publishes to; an embedded session belongs to `owner_node` (the node whose embedded server it is), an external one to
 * no node in particular. `viewers` and `viewers_changed_at` drive the idle stop (embedded: the owner's counts;
 * external: the server's on_play / on_stop hooks).
 */
export const liveSession = pgTable(
  'live_session',
  {
    stream: text('stream').primaryKey(),
    keyHash: text('key_hash').notNull(),
    deviceId: integer('device_id').notNull(),
    deviceUuid: text('device_uuid').notNull(),
    vehicleId: integer('vehicle_id'),
    licensePlate: text('license_plate'),
    channel: integer('channel').notNull(),
    channels: integer('channels').notNull(),
    ...belongTo(),
    media: text('media', { enum: ['embedded', 'external'] }).notNull(),
    state: text('state', {
      enum: ['initialised', 'ready', 'deviceConnected', 'readyToPlay', 'livePlayDone', 'publishDone', 'connectionFailed'],
    }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** A DVR playback of a recorded span (modules/dvr), not live. */
    playbackStart: timestamp('playback_start', { withTimezone: true }),
    playbackEnd: timestamp('playback_end', { withTimezone: true }),
    viewers: integer('viewers').notNull().default(0),
    viewersChangedAt: timestamp('viewers_changed_at', { withTimezone: true }).notNull(),
    ownerNode: text('owner_node').notNull(),
  },
  (t) => [
    // One live stream per device and channel across all nodes (a playback is a session of its own).
    uniqueIndex('live_session_active_idx').on(t.deviceId, t.channel).where(sql`${t.endedAt} is null and ${t.playbackStart} is null`),
    // The idle sweep and the start-up clean-up: the sessions not ended.
    index('live_session_open_idx').on(t.viewersChangedAt).where(sql`${t.endedAt} is null`),
    index('live_session_ended_idx').on(t.endedAt),
  ],
);
