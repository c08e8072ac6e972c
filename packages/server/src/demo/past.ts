import { Readable } from 'node:stream';
import { type ConfigSettings, defaultTagOfType } from '@safety-shield/contract';
import {
  DEFAULT_FIRMWARE,
  DEFAULT_MODEL,
  evidenceFile,
  hashSeed,
  type Random,
  randomFault,
  seededRandom,
  uniform,
} from '@safety-shield/device-sim';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../db/client.js';
import { driven, type Fix } from '../device-port/mileage.js';
import { EVIDENCE_LIMITS, ensureDefaultTags, evidenceKey, UploadState } from '../modules/incidents/index.js';
import type { ObjectStore } from '../storage/object-store.js';
import { type BulkColumn, insertColumns, instants, withIndexesRebuilt } from './bulk.js';
import { writeConfigHistory, writeFirmwareHistory } from './past-devices.js';
import { localTimeOf, officeHours, type PastIncident, pastIncidents } from './past-incidents.js';
import { type HistoryLine, type LogLine, type Reviewer, reviewerOf, writeHistory, writeLog } from './past-log.js';
import { type PastTrail, type PastVehicle, pastTrips } from './past-trips.js';

/** How far back the demo's history reaches. */
export const PAST_DAYS = 90;
/** The newest incidents of each vehicle within this window have their files in the store (see docs/decisions.md). */
const EVIDENCE_WINDOW_MS = 7 * 86_400_000;
const EVIDENCE_PER_VEHICLE = 1;
/** S.O.S presses in the past, each stopped by the driver and closed by the reviewer. */
const SOS_PRESSES = 3;
/** The company's own tags a reviewer files some incidents under. */
const COMPANY_TAGS = ['Training material', 'Insurance claim'] as const;
const MINUTE_MS = 60_000;

/** A demo vehicle with its device and chain, as the seed made them. */
export interface DemoVehicleRows {
  deviceId: number;
  vehicleId: number;
  uuid: string;
  plate: string;
  channels: number;
  fleetId: number;
  live: PastVehicle['live'];
}

export interface DemoPast {
  agentId: number;
  companyId: number;
  vehicles: DemoVehicleRows[];
}

/**
 * What was written, the configuration each simulated device runs at the end of it (by uuid), and the upload of the
 * newest incidents' files, to run once the past is committed (answers how many files it stored).
 */
export interface WrittenPast {
  summary: PastSummary;
  runningConfigs: Record<string, { version: number; settings: ConfigSettings }>;
  uploadEvidence: (db: Db) => Promise<number>;
}

/** What was written, for the start-up's log line and the tests. */
export interface PastSummary {
  positions: number;
  incidents: number;
  sessions: number;
}

type IncidentRow = { id: number; device_id: number; message_id: string };

/**
 * Writes the demo's past (issue 28) in one transaction, as the running modules would have written it over PAST_DAYS
 * days: the trail and each vehicle's mileage, the devices' connections, incidents with the files they list, the reviewer's
 * reviews, tags, recycle bin and coaching (history and operation log lines included), S.O.S presses, device alerts,
 * configuration versions and a firmware campaign.
 * Everything is drawn from seeded random numbers: the same fleet and `now` give the same past.
 */
export async function writeDemoPast(db: Db, store: ObjectStore, demo: DemoPast, now: number): Promise<WrittenPast> {
  const random = seededRandom(hashSeed('demo-past', demo.companyId));
  const byDevice = new Map(demo.vehicles.map((v) => [v.deviceId, v]));
  const trail = pastTrips(demo.vehicles, now, PAST_DAYS, (uuid) => seededRandom(hashSeed('demo-past', uuid)));
  const incidents = pastIncidents(
    trail,
    (id) => byDevice.get(id)?.channels ?? 1,
    (id) => byDevice.get(id)?.uuid ?? '',
    now,
    COMPANY_TAGS.length,
    random,
  );
  const presses = sosPresses(trail, byDevice, now, random);
  return db.transaction(async (tx) => {
    const reviewer = await reviewerOf(tx);
    const tags = await companyTags(tx, demo, now - PAST_DAYS * 86_400_000);
    await writeTrail(tx, trail, now);
    const stored = await writeIncidents(tx, demo, [...incidents, ...presses.map((p) => p.incident)], tags, reviewer);
    await writeSos(tx, demo, presses, stored, reviewer);
    await writeAlerts(tx, demo, trail, reviewer, random, now);
    const config = await writeConfigHistory(tx, demo.vehicles, trail, reviewer, now);
    const devices = demo.vehicles.map((v) => ({ ...v, chain: { agentId: demo.agentId, companyId: demo.companyId, fleetId: v.fleetId } }));
    const firmware = await writeFirmwareHistory(tx, store, devices, trail, reviewer, now, random);
    await writeLog(tx, reviewer, [...config.log, ...firmware]);
    return {
      summary: { positions: trail.points.t.length, incidents: stored.size, sessions: trail.sessions.length },
      runningConfigs: config.running,
      // After the commit, as devices upload once the portal answers: a second of encoding kept off the first start.
      uploadEvidence: (after: Db) => after.transaction((upload) => writeEvidence(upload, store, demo, incidents, stored, now)),
    };
  });
}

/** The company's default tags (made as a first incident makes them) and its own tags, by kind and by name. */
async function companyTags(tx: Db, demo: DemoPast, since: number) {
  await ensureDefaultTags(tx, demo.companyId);
  await insertColumns(tx, 'event_tag', [
    { name: 'name', type: 'text', values: [...COMPANY_TAGS] },
    { name: 'belong_agent_id', type: 'int', values: COMPANY_TAGS.map(() => demo.agentId) },
    { name: 'belong_company_id', type: 'int', values: COMPANY_TAGS.map(() => demo.companyId) },
    instants(
      'created_at',
      COMPANY_TAGS.map(() => since),
    ),
  ]);
  await tx.execute(sql`update event_tag set created_at = to_timestamp(${since} / 1000.0) where belong_company_id = ${demo.companyId}`);
  const rows = rowsOf<{ id: number; name: string; default_kind: string | null }>(
    await tx.execute(sql`select id, name, default_kind from event_tag where belong_company_id = ${demo.companyId}`),
  );
  const byKind = new Map(rows.filter((r) => r.default_kind).map((r) => [r.default_kind as string, Number(r.id)]));
  const own = COMPANY_TAGS.map((name) => rows.find((r) => r.name === name)).map((r) => ({ id: Number(r?.id), name: r?.name ?? '' }));
  return { byKind, own };
}

/**
 * The trail, each device's newest position and each vehicle's mileage by the odometer's rule. The trigger that logs
 * late positions for the statistics is off meanwhile: it tells a rollup of days already rolled, and this company has
 * none yet (its first rollup counts every day afresh), while its per-row look-up would cost the first start seconds.
 */
async function writeTrail(tx: Db, trail: PastTrail, now: number) {
  const p = trail.points;
  const order = p.t.map((_, i) => i).sort((a, b) => (p.device[a] ?? 0) - (p.device[b] ?? 0) || (p.t[a] ?? 0) - (p.t[b] ?? 0));
  const col = <T>(values: T[]) => order.map((i) => values[i] as T);
  await tx.execute(sql`alter table gps_point disable trigger stat_trail_insert`);
  await withIndexesRebuilt(tx, 'gps_point', () =>
    insertColumns(tx, 'gps_point', [
      { name: 'device_id', type: 'int', values: col(p.device) },
      instants('at', col(p.t)),
      { name: 'vehicle_id', type: 'int', values: col(p.vehicle) },
      { name: 'lat', type: 'float8', values: col(p.lat) },
      { name: 'lng', type: 'float8', values: col(p.lng) },
      { name: 'speed', type: 'real', values: col(p.speed) },
      { name: 'heading', type: 'real', values: col(p.heading) },
      { name: 'dbm', type: 'int', values: col(p.dbm) },
    ]),
  );
  await tx.execute(sql`alter table gps_point enable trigger stat_trail_insert`);

  // Per device: the newest position, and what its vehicle drove (the gateway's sum, in whole metres and seconds).
  const last = new Map<number, number>();
  const fixes = new Map<number, Fix[]>();
  for (const i of order) {
    const device = p.device[i] ?? 0;
    last.set(device, i);
    const list = fixes.get(device) ?? [];
    list.push({ t: p.t[i] ?? 0, lat: p.lat[i] ?? 0, lng: p.lng[i] ?? 0, speed: p.speed[i] ?? 0 });
    fixes.set(device, list);
  }
  const devices = [...last.keys()];
  const newest = devices.map((d) => last.get(d) ?? 0);
  const mileage = devices.map((d) => driven(null, fixes.get(d) ?? []));
  // Per device: its first connection, its last one (start and end) and the seconds connected in all, as presence keeps them.
  const sessions = new Map<number, { first: number; lastStart: number; last: number; seconds: number }>();
  for (const s of trail.sessions) {
    const sum = sessions.get(s.deviceId) ?? { first: s.start, lastStart: s.start, last: s.end, seconds: 0 };
    sessions.set(s.deviceId, {
      first: Math.min(sum.first, s.start),
      lastStart: s.end >= sum.last ? s.start : sum.lastStart,
      last: Math.max(sum.last, s.end),
      seconds: sum.seconds + Math.floor((s.end - s.start) / 1000),
    });
  }
  await insertColumns(tx, 'device_session', [
    { name: 'device_id', type: 'int', values: trail.sessions.map((s) => s.deviceId) },
    instants(
      'started_at',
      trail.sessions.map((s) => s.start),
    ),
    instants(
      'ended_at',
      trail.sessions.map((s) => s.end),
    ),
  ]);
  const param = (values: unknown[]) => sql.param(values);
  await tx.execute(sql`
    update device as d set lat = u.la, lng = u.ln, speed = u.s, heading = u.h, dbm = u.b, position_at = to_timestamp(u.t / 1000.0),
      first_online_at = to_timestamp(u.first / 1000.0), last_online_at = to_timestamp(u.last_start / 1000.0),
      last_offline_at = to_timestamp(u.last / 1000.0), connected_seconds = u.seconds, version = ${DEFAULT_FIRMWARE},
      model = ${DEFAULT_MODEL}, updated_at = to_timestamp(${now} / 1000.0)
    from unnest(${param(devices)}::int[], ${param(newest.map((i) => p.t[i]))}::float8[], ${param(newest.map((i) => p.lat[i]))}::float8[],
      ${param(newest.map((i) => p.lng[i]))}::float8[], ${param(newest.map((i) => p.speed[i]))}::real[],
      ${param(newest.map((i) => p.heading[i]))}::real[], ${param(newest.map((i) => p.dbm[i]))}::int[],
      ${param(devices.map((d) => sessions.get(d)?.first ?? null))}::float8[], ${param(devices.map((d) => sessions.get(d)?.lastStart ?? null))}::float8[],
      ${param(devices.map((d) => sessions.get(d)?.last ?? null))}::float8[],
      ${param(devices.map((d) => sessions.get(d)?.seconds ?? 0))}::bigint[]) as u(id, t, la, ln, s, h, b, first, last_start, last, seconds)
    where d.id = u.id`);
  await tx.execute(sql`
    update vehicle as v set driven_meters = u.m, running_seconds = u.s
    from unnest(${param(devices.map((d) => p.vehicle[last.get(d) ?? 0]))}::int[], ${param(mileage.map((m) => Math.floor(m.meters)))}::bigint[],
      ${param(mileage.map((m) => Math.floor(m.ms / 1000)))}::bigint[]) as u(id, m, s)
    where v.id = u.id`);
}

/**
 * The incidents as fileIncident stores them (the vehicle's chain, the company's default tag of the type, the resources
 * at state 0, an `arrived` line), then what the reviewer did: reviewed (re-tagged first), in the recycle bin, commented,
 * marked for coaching, coached or dismissed, each with its history and operation-log line.
 */
async function writeIncidents(
  tx: Db,
  demo: DemoPast,
  incidents: PastIncident[],
  tags: Awaited<ReturnType<typeof companyTags>>,
  reviewer: Reviewer,
): Promise<Map<PastIncident, number>> {
  const vehicleOf = new Map(demo.vehicles.map((v) => [v.deviceId, v]));
  const tagOf = (i: PastIncident) =>
    i.retag !== null ? (tags.own[i.retag]?.id ?? null) : (tags.byKind.get(defaultTagOfType[i.type]) ?? null);
  const column = <T>(name: string, type: string, pick: (i: PastIncident) => T): BulkColumn => ({
    name,
    type,
    values: incidents.map(pick),
  });
  const rows = await insertColumns<IncidentRow>(
    tx,
    'incident',
    [
      column('device_id', 'int', (i) => i.deviceId),
      column('device_uuid', 'text', (i) => vehicleOf.get(i.deviceId)?.uuid),
      column('vehicle_id', 'int', (i) => i.vehicleId),
      column('license_plate', 'text', (i) => vehicleOf.get(i.deviceId)?.plate),
      column('message_id', 'text', (i) => i.messageId),
      column('type', 'text', (i) => i.type),
      column('description', 'text', (i) => (i.messageId.startsWith('sos:') ? 'S.O.S' : null)),
      column('tag_id', 'int', tagOf),
      column('speed', 'real', (i) => i.speed),
      instants(
        'trigger_at',
        incidents.map((i) => i.triggerAt),
      ),
      instants(
        'device_at',
        incidents.map((i) => i.triggerAt),
      ),
      column('local_time', 'text', (i) => i.localTime),
      column('lat', 'float8', (i) => i.lat),
      column('lng', 'float8', (i) => i.lng),
      column('channel', 'int', (i) => i.channel),
      column('review_state', 'text', (i) => (i.reviewedAt === null ? 'unread' : 'reviewed')),
      instants(
        'reviewed_at',
        incidents.map((i) => i.reviewedAt),
      ),
      column('reviewer_id', 'int', (i) => (i.reviewedAt === null ? null : reviewer.id)),
      column('reviewer_name', 'text', (i) => (i.reviewedAt === null ? null : reviewer.username)),
      instants(
        'deleted_at',
        incidents.map((i) => i.deletedAt),
      ),
      column('belong_agent_id', 'int', () => demo.agentId),
      column('belong_company_id', 'int', () => demo.companyId),
      column('belong_fleet_id', 'int', (i) => vehicleOf.get(i.deviceId)?.fleetId),
      instants(
        'created_at',
        incidents.map((i) => i.triggerAt + 2_000),
      ),
    ],
    'id, device_id, message_id',
  );
  const idOf = new Map(rows.map((r) => [`${r.device_id}/${r.message_id}`, Number(r.id)]));
  const stored = new Map<PastIncident, number>();
  for (const i of incidents) stored.set(i, idOf.get(`${i.deviceId}/${i.messageId}`) ?? 0);

  const resources = incidents.flatMap((i) => i.resources.map((r) => ({ incident: stored.get(i) ?? 0, at: i.triggerAt, r })));
  await insertColumns(tx, 'incident_resource', [
    { name: 'incident_id', type: 'bigint', values: resources.map((x) => x.incident) },
    { name: 'device_resource_id', type: 'text', values: resources.map((x) => x.r.id) },
    { name: 'kind', type: 'text', values: resources.map((x) => x.r.kind) },
    { name: 'channel', type: 'int', values: resources.map((x) => x.r.channel) },
    instants(
      'start_at',
      resources.map((x) => x.r.start ?? null),
    ),
    instants(
      'end_at',
      resources.map((x) => x.r.end ?? null),
    ),
    { name: 'state', type: 'int', values: resources.map(() => UploadState.init) },
    instants(
      'updated_at',
      resources.map((x) => x.at + 2_000),
    ),
  ]);

  const history: HistoryLine[] = [];
  const log: LogLine[] = [];
  const by = reviewer.username;
  for (const i of incidents) {
    const id = stored.get(i) ?? 0;
    history.push({ incident: id, action: 'arrived', username: null, detail: { type: i.type, speed: i.speed }, at: i.triggerAt + 2_000 });
    if (i.reviewedAt !== null) {
      const own = i.retag === null ? undefined : tags.own[i.retag];
      if (own)
        history.push({ incident: id, action: 'retagged', username: by, detail: { tagId: own.id, tagName: own.name }, at: i.reviewedAt });
      history.push({ incident: id, action: 'reviewed', username: by, detail: null, at: i.reviewedAt });
      log.push({ action: 'event.review', target: id, at: i.reviewedAt });
    }
    if (i.deletedAt !== null) {
      history.push({ incident: id, action: 'deleted', username: by, detail: null, at: i.deletedAt });
      log.push({ action: 'event.delete', target: id, at: i.deletedAt });
    }
    if (i.comment) {
      history.push({ incident: id, action: 'commented', username: by, detail: null, at: i.comment.at });
      log.push({ action: 'event.comment', target: id, at: i.comment.at });
    }
    const c = i.coaching;
    if (c) {
      history.push({
        incident: id,
        action: 'coachingMarked',
        username: by,
        detail: c.markNote ? { note: c.markNote } : null,
        at: c.markedAt,
      });
      log.push({ action: 'coaching.mark', target: id, at: c.markedAt });
      if (c.closed) {
        const coached = c.closed.state === 'coached';
        history.push({
          incident: id,
          action: coached ? 'coached' : 'coachingDismissed',
          username: by,
          detail: coached ? { note: c.closed.note } : { reason: c.closed.note },
          at: c.closed.at,
        });
        log.push({ action: coached ? 'coaching.coach' : 'coaching.dismiss', target: id, at: c.closed.at });
      }
    }
  }
  await writeHistory(tx, history);
  await writeLog(tx, reviewer, log);

  const commented = incidents.filter((i) => i.comment);
  await insertColumns(tx, 'incident_comment', [
    { name: 'incident_id', type: 'bigint', values: commented.map((i) => stored.get(i)) },
    { name: 'account_id', type: 'int', values: commented.map(() => reviewer.id) },
    { name: 'username', type: 'text', values: commented.map(() => by) },
    { name: 'body', type: 'text', values: commented.map((i) => i.comment?.body) },
    instants(
      'at',
      commented.map((i) => i.comment?.at ?? null),
    ),
  ]);
  const coached = incidents.filter((i) => i.coaching);
  const coaching = (pick: (c: NonNullable<PastIncident['coaching']>) => unknown) =>
    coached.map((i) => (i.coaching ? pick(i.coaching) : null));
  await insertColumns(tx, 'incident_coaching', [
    { name: 'incident_id', type: 'bigint', values: coached.map((i) => stored.get(i)) },
    { name: 'state', type: 'text', values: coaching((c) => c.closed?.state ?? 'needsCoaching') },
    { name: 'marked_by_id', type: 'int', values: coached.map(() => reviewer.id) },
    { name: 'marked_by_name', type: 'text', values: coached.map(() => by) },
    instants('marked_at', coaching((c) => c.markedAt) as number[]),
    { name: 'mark_note', type: 'text', values: coaching((c) => c.markNote) },
    { name: 'closed_by_id', type: 'int', values: coaching((c) => (c.closed ? reviewer.id : null)) },
    { name: 'closed_by_name', type: 'text', values: coaching((c) => (c.closed ? by : null)) },
    instants('closed_at', coaching((c) => c.closed?.at ?? null) as (number | null)[]),
    { name: 'closing_note', type: 'text', values: coaching((c) => c.closed?.note ?? null) },
    { name: 'belong_agent_id', type: 'int', values: coached.map(() => demo.agentId) },
    { name: 'belong_company_id', type: 'int', values: coached.map(() => demo.companyId) },
    { name: 'belong_fleet_id', type: 'int', values: coached.map((i) => vehicleOf.get(i.deviceId)?.fleetId) },
  ]);
  return stored;
}

/**
 * The files of each vehicle's newest incidents (within EVIDENCE_WINDOW_MS, live ones) as its simulated device makes
 * them, uploaded as the live demo's are: in the store with their size and SHA-256, the resource at state 6 (removed
 * from the card) after 1 to 6, each step a line of history. Older incidents' files stayed on the cards (state 0).
 */
async function writeEvidence(
  tx: Db,
  store: ObjectStore,
  demo: DemoPast,
  incidents: PastIncident[],
  stored: Map<PastIncident, number>,
  now: number,
): Promise<number> {
  const chosen = demo.vehicles.flatMap((v) =>
    incidents
      .filter((i) => i.deviceId === v.deviceId && i.deletedAt === null && i.triggerAt > now - EVIDENCE_WINDOW_MS && i.resources.length > 0)
      .slice(-EVIDENCE_PER_VEHICLE)
      .map((i) => ({ i, uuid: v.uuid })),
  );
  if (chosen.length === 0) return 0;
  const ids = chosen.map(({ i }) => stored.get(i) ?? 0);
  const rows = rowsOf<{ id: number; incident_id: number; device_resource_id: string }>(
    await tx.execute(sql`select id, incident_id, device_resource_id from incident_resource
      where incident_id = any(${sql.param(ids)}::bigint[]) order by id`),
  );
  const rowOf = new Map(rows.map((r) => [`${r.incident_id}/${r.device_resource_id}`, Number(r.id)]));
  const done: { id: number; size: number; sha256: string; contentType: string; key: string; at: number }[] = [];
  const history: HistoryLine[] = [];
  for (const { i, uuid } of chosen) {
    const incidentId = stored.get(i) ?? 0;
    for (const [n, resource] of i.resources.entries()) {
      const id = rowOf.get(`${incidentId}/${resource.id}`);
      if (id === undefined) continue;
      const file = evidenceFile(uuid, i.messageId, resource);
      const limits = EVIDENCE_LIMITS[resource.kind];
      const key = evidenceKey(incidentId, id);
      const object = await store.put(key, Readable.from([file.bytes]), { ...limits, sha256: file.sha256 });
      // The device uploads its files one after another, a few seconds each, once the incident is filed.
      const at = i.triggerAt + 5_000 + n * 8_000;
      done.push({ id, size: object.size, sha256: object.sha256, contentType: limits.contentType, key, at: at + 6_000 });
      for (const [step, state] of [
        UploadState.apply,
        UploadState.urlSent,
        UploadState.started,
        UploadState.received,
        UploadState.success,
        UploadState.removed,
      ].entries()) {
        history.push({
          incident: incidentId,
          action: 'upload',
          username: null,
          detail: { resourceId: resource.id, state },
          at: at + step * 1_000,
        });
      }
    }
  }
  await tx.execute(sql`
    update incident_resource as r set state = ${UploadState.removed}, size_bytes = u.size, sha256 = u.sha, content_type = u.type,
      object_key = u.key, updated_at = to_timestamp(u.at / 1000.0)
    from unnest(${sql.param(done.map((d) => d.id))}::bigint[], ${sql.param(done.map((d) => d.size))}::bigint[],
      ${sql.param(done.map((d) => d.sha256))}::text[], ${sql.param(done.map((d) => d.contentType))}::text[],
      ${sql.param(done.map((d) => d.key))}::text[], ${sql.param(done.map((d) => d.at))}::float8[]) as u(id, size, sha, type, key, at)
    where r.id = u.id`);
  await writeHistory(tx, history);
  return done.length;
}

/** An S.O.S press: its panicButton incident (filed as the S.O.S files it) and when the driver let go and the reviewer closed it. */
interface Press {
  deviceId: number;
  startMessageId: string;
  incident: PastIncident;
  stopAt: number;
  closedAt: number;
}

/** A few presses at moving positions of the trail more than two days old, each reviewed like its incident. */
function sosPresses(trail: PastTrail, byDevice: Map<number, DemoVehicleRows>, now: number, random: Random): Press[] {
  const p = trail.points;
  const old = trail.legs.filter((leg) => (p.t[leg.to - 1] ?? now) < now - 2 * 86_400_000 && leg.to - leg.from > 2);
  const presses: Press[] = [];
  for (let n = 0; n < SOS_PRESSES && old.length > 0; n++) {
    const leg = old[Math.floor(random() * old.length)];
    if (!leg) continue;
    const i = leg.from + 1 + Math.floor(random() * (leg.to - leg.from - 2));
    const at = p.t[i] ?? now;
    const startMessageId = `${hashSeed(byDevice.get(leg.deviceId)?.uuid ?? '', 'sos')
      .toString(16)
      .padStart(8, '0')}-${n + 1}`;
    const stopAt = at + Math.round(uniform(random, 2, 6)) * MINUTE_MS;
    const closedAt = stopAt + Math.round(uniform(random, 5, 20)) * MINUTE_MS;
    presses.push({
      deviceId: leg.deviceId,
      startMessageId,
      stopAt,
      closedAt,
      incident: {
        deviceId: leg.deviceId,
        vehicleId: leg.vehicleId,
        messageId: `sos:${startMessageId}`,
        type: 'panicButton',
        triggerAt: at,
        localTime: localTimeOf(at),
        speed: p.speed[i] ?? 0,
        lat: p.lat[i] ?? 0,
        lng: p.lng[i] ?? 0,
        channel: 1,
        resources: [],
        reviewedAt: closedAt + MINUTE_MS,
        retag: null,
        deletedAt: null,
        coaching: null,
        comment: { at: closedAt + 2 * MINUTE_MS, body: 'Driver pressed S.O.S after a near miss; called back, nobody hurt.' },
      },
    });
  }
  return presses;
}

/** The S.O.S rows (stopped by the device, closed on the Focus Board) with their operation-log lines. */
async function writeSos(tx: Db, demo: DemoPast, presses: Press[], stored: Map<PastIncident, number>, reviewer: Reviewer) {
  const vehicleOf = new Map(demo.vehicles.map((v) => [v.deviceId, v]));
  const rows = await insertColumns<{ id: number }>(
    tx,
    'sos',
    [
      { name: 'device_id', type: 'int', values: presses.map((s) => s.deviceId) },
      { name: 'device_uuid', type: 'text', values: presses.map((s) => vehicleOf.get(s.deviceId)?.uuid) },
      { name: 'vehicle_id', type: 'int', values: presses.map((s) => vehicleOf.get(s.deviceId)?.vehicleId) },
      { name: 'license_plate', type: 'text', values: presses.map((s) => vehicleOf.get(s.deviceId)?.plate) },
      { name: 'start_message_id', type: 'text', values: presses.map((s) => s.startMessageId) },
      { name: 'incident_id', type: 'bigint', values: presses.map((s) => stored.get(s.incident)) },
      { name: 'start_local_time', type: 'text', values: presses.map((s) => s.incident.localTime) },
      instants(
        'start_at',
        presses.map((s) => s.incident.triggerAt),
      ),
      instants(
        'stop_at',
        presses.map((s) => s.stopAt),
      ),
      { name: 'lat', type: 'float8', values: presses.map((s) => s.incident.lat) },
      { name: 'lng', type: 'float8', values: presses.map((s) => s.incident.lng) },
      { name: 'state', type: 'text', values: presses.map(() => 'closed') },
      { name: 'closed_by_id', type: 'int', values: presses.map(() => reviewer.id) },
      { name: 'closed_by_name', type: 'text', values: presses.map(() => reviewer.username) },
      instants(
        'closed_at',
        presses.map((s) => s.closedAt),
      ),
      { name: 'belong_agent_id', type: 'int', values: presses.map(() => demo.agentId) },
      { name: 'belong_company_id', type: 'int', values: presses.map(() => demo.companyId) },
      { name: 'belong_fleet_id', type: 'int', values: presses.map((s) => vehicleOf.get(s.deviceId)?.fleetId) },
      instants(
        'created_at',
        presses.map((s) => s.incident.triggerAt + 1_000),
      ),
    ],
    'id',
  );
  await writeLog(
    tx,
    reviewer,
    rows.map((row, n) => ({ action: 'sos.close', target: Number(row.id), at: presses[n]?.closedAt ?? 0 })),
  );
}

/** Running-status faults the devices reported now and then while driving, each cleared; most handled with a note. */
async function writeAlerts(tx: Db, demo: DemoPast, trail: PastTrail, reviewer: Reviewer, random: Random, now: number) {
  const NOTES = ['Camera cable reseated at the depot.', 'SD card replaced.', 'Checked remotely, came back by itself.'] as const;
  const alerts: {
    deviceId: number;
    code: string;
    channel: number;
    raised: number;
    cleared: number;
    handled: number | null;
    note: string | null;
  }[] = [];
  const p = trail.points;
  for (const v of demo.vehicles) {
    const legs = trail.legs.filter((leg) => leg.deviceId === v.deviceId);
    const count = Math.floor(uniform(random, 0, 4));
    for (let n = 0; n < count && legs.length > 0; n++) {
      const leg = legs[Math.floor(random() * legs.length)];
      if (!leg) continue;
      const raised = p.t[leg.from] ?? 0;
      const { fault, lastsMs } = randomFault(random, v.channels);
      const handledAt = officeHours(raised + Math.round(uniform(random, 1, 30)) * 3_600_000);
      const handled = random() < 0.7 && handledAt < now ? handledAt : null;
      alerts.push({
        deviceId: v.deviceId,
        code: fault.code,
        channel: fault.channel ?? 0,
        raised,
        cleared: raised + lastsMs,
        handled,
        note: handled === null ? null : (NOTES[Math.floor(random() * NOTES.length)] ?? null),
      });
    }
  }
  const rows = await insertColumns<{ id: number }>(
    tx,
    'device_alert',
    [
      { name: 'device_id', type: 'int', values: alerts.map((a) => a.deviceId) },
      { name: 'code', type: 'text', values: alerts.map((a) => a.code) },
      { name: 'channel', type: 'int', values: alerts.map((a) => a.channel) },
      instants(
        'raised_at',
        alerts.map((a) => a.raised),
      ),
      instants(
        'cleared_at',
        alerts.map((a) => a.cleared),
      ),
      instants(
        'handled_at',
        alerts.map((a) => a.handled),
      ),
      { name: 'handled_by_id', type: 'int', values: alerts.map((a) => (a.handled === null ? null : reviewer.id)) },
      { name: 'handled_by_name', type: 'text', values: alerts.map((a) => (a.handled === null ? null : reviewer.username)) },
      { name: 'note', type: 'text', values: alerts.map((a) => a.note) },
      instants(
        'created_at',
        alerts.map((a) => a.raised),
      ),
    ],
    'id',
  );
  // Rows come back in the order the arrays gave them (one INSERT from unnest).
  const handled = alerts.flatMap((a, n) =>
    a.handled === null ? [] : [{ action: 'device.alert.handle', target: Number(rows[n]?.id), at: a.handled }],
  );
  await writeLog(tx, reviewer, handled);
}
