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
import { insertColumns, insertRows, instants, withIndexesRebuilt } from './bulk.js';
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
  await insertRows(tx, 'event_tag', COMPANY_TAGS, (c) => [
    c.column('name', 'text', (name) => name),
    c.column('belong_agent_id', 'int', () => demo.agentId),
    c.column('belong_company_id', 'int', () => demo.companyId),
    c.instant('created_at', () => since),
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
  await insertRows(tx, 'device_session', trail.sessions, (c) => [
    c.column('device_id', 'int', (s) => s.deviceId),
    c.instant('started_at', (s) => s.start),
    c.instant('ended_at', (s) => s.end),
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
  const rows = await insertRows(tx, 'incident', incidents, 'id, device_id, message_id', (c) => [
    c.column('device_id', 'int', (i) => i.deviceId),
    c.column('device_uuid', 'text', (i) => vehicleOf.get(i.deviceId)?.uuid),
    c.column('vehicle_id', 'int', (i) => i.vehicleId),
    c.column('license_plate', 'text', (i) => vehicleOf.get(i.deviceId)?.plate),
    c.column('message_id', 'text', (i) => i.messageId),
    c.column('type', 'text', (i) => i.type),
    c.column('description', 'text', (i) => (i.messageId.startsWith('sos:') ? 'S.O.S' : null)),
    c.column('tag_id', 'int', tagOf),
    c.column('speed', 'real', (i) => i.speed),
    c.instant('trigger_at', (i) => i.triggerAt),
    c.instant('device_at', (i) => i.triggerAt),
    c.column('local_time', 'text', (i) => i.localTime),
    c.column('lat', 'float8', (i) => i.lat),
    c.column('lng', 'float8', (i) => i.lng),
    c.column('channel', 'int', (i) => i.channel),
    c.column('review_state', 'text', (i) => (i.reviewedAt === null ? 'unread' : 'reviewed')),
    c.instant('reviewed_at', (i) => i.reviewedAt),
    c.column('reviewer_id', 'int', (i) => (i.reviewedAt === null ? null : reviewer.id)),
    c.column('reviewer_name', 'text', (i) => (i.reviewedAt === null ? null : reviewer.username)),
    c.instant('deleted_at', (i) => i.deletedAt),
    c.column('belong_agent_id', 'int', () => demo.agentId),
    c.column('belong_company_id', 'int', () => demo.companyId),
    c.column('belong_fleet_id', 'int', (i) => vehicleOf.get(i.deviceId)?.fleetId),
    c.instant('created_at', (i) => i.triggerAt + 2_000),
  ]);
  const idOf = new Map(rows.map((r) => [`${r.device_id}/${r.message_id}`, Number(r.id)]));
  const stored = new Map<PastIncident, number>();
  for (const i of incidents) stored.set(i, idOf.get(`${i.deviceId}/${i.messageId}`) ?? 0);

  const resources = incidents.flatMap((i) => i.resources.map((r) => ({ incident: stored.get(i) ?? 0, at: i.triggerAt, r })));
  await insertRows(tx, 'incident_resource', resources, (c) => [
    c.column('incident_id', 'bigint', (x) => x.incident),
    c.column('device_resource_id', 'text', (x) => x.r.id),
    c.column('kind', 'text', (x) => x.r.kind),
    c.column('channel', 'int', (x) => x.r.channel),
    c.instant('start_at', (x) => x.r.start ?? null),
    c.instant('end_at', (x) => x.r.end ?? null),
    c.column('state', 'int', () => UploadState.init),
    c.instant('updated_at', (x) => x.at + 2_000),
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
  await insertRows(tx, 'incident_comment', commented, (c) => [
    c.column('incident_id', 'bigint', (i) => stored.get(i)),
    c.column('account_id', 'int', () => reviewer.id),
    c.column('username', 'text', () => by),
    c.column('body', 'text', (i) => i.comment?.body),
    c.instant('at', (i) => i.comment?.at ?? null),
  ]);
  const coached = incidents.flatMap((incident) => (incident.coaching ? [{ incident, coaching: incident.coaching }] : []));
  await insertRows(tx, 'incident_coaching', coached, (c) => [
    c.column('incident_id', 'bigint', (x) => stored.get(x.incident)),
    c.column('state', 'text', (x) => x.coaching.closed?.state ?? 'needsCoaching'),
    c.column('marked_by_id', 'int', () => reviewer.id),
    c.column('marked_by_name', 'text', () => by),
    c.instant('marked_at', (x) => x.coaching.markedAt),
    c.column('mark_note', 'text', (x) => x.coaching.markNote),
    c.column('closed_by_id', 'int', (x) => (x.coaching.closed ? reviewer.id : null)),
    c.column('closed_by_name', 'text', (x) => (x.coaching.closed ? by : null)),
    c.instant('closed_at', (x) => x.coaching.closed?.at ?? null),
    c.column('closing_note', 'text', (x) => x.coaching.closed?.note ?? null),
    c.column('belong_agent_id', 'int', () => demo.agentId),
    c.column('belong_company_id', 'int', () => demo.companyId),
    c.column('belong_fleet_id', 'int', (x) => vehicleOf.get(x.incident.deviceId)?.fleetId),
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
  const rows = await insertRows(tx, 'sos', presses, 'id', (c) => [
    c.column('device_id', 'int', (s) => s.deviceId),
    c.column('device_uuid', 'text', (s) => vehicleOf.get(s.deviceId)?.uuid),
    c.column('vehicle_id', 'int', (s) => vehicleOf.get(s.deviceId)?.vehicleId),
    c.column('license_plate', 'text', (s) => vehicleOf.get(s.deviceId)?.plate),
    c.column('start_message_id', 'text', (s) => s.startMessageId),
    c.column('incident_id', 'bigint', (s) => stored.get(s.incident)),
    c.column('start_local_time', 'text', (s) => s.incident.localTime),
    c.instant('start_at', (s) => s.incident.triggerAt),
    c.instant('stop_at', (s) => s.stopAt),
    c.column('lat', 'float8', (s) => s.incident.lat),
    c.column('lng', 'float8', (s) => s.incident.lng),
    c.column('state', 'text', () => 'closed'),
    c.column('closed_by_id', 'int', () => reviewer.id),
    c.column('closed_by_name', 'text', () => reviewer.username),
    c.instant('closed_at', (s) => s.closedAt),
    c.column('belong_agent_id', 'int', () => demo.agentId),
    c.column('belong_company_id', 'int', () => demo.companyId),
    c.column('belong_fleet_id', 'int', (s) => vehicleOf.get(s.deviceId)?.fleetId),
    c.instant('created_at', (s) => s.incident.triggerAt + 1_000),
  ]);
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
  const rows = await insertRows(tx, 'device_alert', alerts, 'id', (c) => [
    c.column('device_id', 'int', (a) => a.deviceId),
    c.column('code', 'text', (a) => a.code),
    c.column('channel', 'int', (a) => a.channel),
    c.instant('raised_at', (a) => a.raised),
    c.instant('cleared_at', (a) => a.cleared),
    c.instant('handled_at', (a) => a.handled),
    c.column('handled_by_id', 'int', (a) => (a.handled === null ? null : reviewer.id)),
    c.column('handled_by_name', 'text', (a) => (a.handled === null ? null : reviewer.username)),
    c.column('note', 'text', (a) => a.note),
    c.instant('created_at', (a) => a.raised),
  ]);
  // Rows come back in the order the arrays gave them (one INSERT from unnest).
  const handled = alerts.flatMap((a, n) =>
    a.handled === null ? [] : [{ action: 'device.alert.handle', target: Number(rows[n]?.id), at: a.handled }],
  );
  await writeLog(tx, reviewer, handled);
}
