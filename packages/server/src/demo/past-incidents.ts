import { type IncidentType, instantOf, wallClock } from '@safety-shield/contract';
import type { IncidentResource } from '@safety-shield/contract/device';
import { hashSeed, incidentResources, pickIncidentType, type Random, uniform } from '@safety-shield/device-sim';
import { DEPOT_ZONE, type PastTrail } from './past-trips.js';

/**
 * The incidents of the demo's past (issue 28), decided in JavaScript from the trail: where and when each happened, what
 * the devices listed of it, and what the company's reviewer did with it since (reviewed, re-tagged, put in the recycle
 * bin, marked for coaching, coached or dismissed). Pure: the same trail, `now` and random give the same incidents.
 */

/** Incidents per 100 km driven, before each driver's own factor: a calmer rate than the live demo's showcase. */
const PER_100_KM = 1.1;
/** How each driver compares with the fleet: the safety scores spread from careful to reckless. */
const DRIVER_FACTOR = { min: 0.35, max: 2.1 } as const;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Types a coach talks to the driver about more often than the rest. */
const BEHAVIOUR: ReadonlySet<IncidentType> = new Set(['phoneUse', 'distraction', 'fatigue', 'seatbelt', 'smoking']);
/** Types a reviewer more often finds to be false alarms and moves to the recycle bin. */
const OFTEN_FALSE: ReadonlySet<IncidentType> = new Set(['cameraBlocked', 'laneDeparture', 'sharpTurn']);

const MARK_NOTES = ['Repeated this week', 'Talk through the clip', 'Second time on this route', null, null] as const;
const COACHED_NOTES = [
  'Went through the video together; driver agreed to keep the phone in the cradle.',
  'Discussed following distance on the E6; will refresh with the defensive-driving module.',
  'Reviewed the clip at the depot. Driver was tired after a double shift; rota adjusted.',
  'Talked about speed on the motorway stretch; driver to use the cruise control.',
  'Short talk at shift start, driver aware of the seatbelt rule.',
] as const;
const DISMISS_REASONS = [
  'Evasive manoeuvre: a car cut in, the driver reacted well.',
  'Road works with a temporary limit; not the driver’s fault.',
  'Camera misread the situation.',
] as const;
const COMMENTS = ['Called the driver, all fine.', 'Customer informed about the delay.', 'Checked the trail: braking for a deer.'] as const;

/** A past incident with its resources, review, coaching and comments, times in epoch ms. */
export interface PastIncident {
  deviceId: number;
  vehicleId: number;
  messageId: string;
  type: IncidentType;
  triggerAt: number;
  localTime: string;
  speed: number;
  lat: number;
  lng: number;
  channel: number;
  resources: IncidentResource[];
  /** Set when the reviewer reviewed it; `retag` when the reviewer gave it a company tag (by its index in the seed's list). */
  reviewedAt: number | null;
  retag: number | null;
  deletedAt: number | null;
  coaching: {
    markedAt: number;
    markNote: string | null;
    closed: { state: 'coached' | 'dismissed'; at: number; note: string } | null;
  } | null;
  comment: { at: number; body: string } | null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The device's clock as it shows it: the depot's local time. */
export function localTimeOf(at: number): string {
  const w = wallClock(DEPOT_ZONE, at);
  return `${w.year}-${pad(w.month)}-${pad(w.day)} ${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
}

/** A draw from a Poisson distribution with a small mean (Knuth). */
function poisson(random: Random, mean: number): number {
  const limit = Math.exp(-mean);
  let n = 0;
  for (let p = random(); p > limit; p *= random()) n++;
  return n;
}

const pickOf = <T>(random: Random, list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

/** Types that happen pulling away, turning or at a junction: in town, at low speed (device-sim's INCIDENT_FITS). */
const IN_TOWN: Partial<Record<IncidentType, { min: number; max: number }>> = {
  harshAcceleration: { min: 18, max: 32 },
  sharpTurn: { min: 22, max: 38 },
  collision: { min: 10, max: 40 },
};
/** Types that happen cruising at speed: on country roads and motorways. */
const CRUISING: ReadonlySet<IncidentType> = new Set(['laneDeparture', 'fatigue', 'distraction', 'forwardCollision', 'overSpeed']);

/** A position of the leg where the type plausibly happens (a town street, or at speed), else any moving one. */
function spotFor(type: IncidentType, random: Random, p: PastTrail['points'], from: number, to: number): number {
  const fits = (i: number) =>
    (p.speed[i] ?? 0) > 0 &&
    (IN_TOWN[type] ? (p.limit[i] ?? 50) <= 50 : CRUISING.has(type) ? (p.limit[i] ?? 50) >= 70 && (p.speed[i] ?? 0) >= 55 : true);
  for (let tries = 0; tries < 12; tries++) {
    const i = from + Math.floor(random() * (to - from));
    if (fits(i)) return i;
  }
  return from + Math.floor(random() * (to - from));
}

/** The speed it happens at: the trail's, over the limit for over-speed, a town speed for the town types. */
function speedFor(type: IncidentType, random: Random, speed: number, limit: number): number {
  const town = IN_TOWN[type];
  if (type === 'overSpeed') return Math.round((limit + uniform(random, 8, 22)) * 10) / 10;
  if (town) return Math.round(uniform(random, town.min, town.max) * 10) / 10;
  return speed;
}

/** The reviewer works weekdays from 07:00 to 17:00 at the depots: a moment outside moves to the next such hour. */
export function officeHours(at: number): number {
  const w = wallClock(DEPOT_ZONE, at);
  const weekday = new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay();
  if (weekday >= 1 && weekday <= 5 && w.hour >= 7 && w.hour < 17) return at;
  const skip = w.hour >= 17 || weekday === 0 || weekday === 6 ? 1 : 0;
  for (let days = skip; days < 4; days++) {
    const day = new Date(Date.UTC(w.year, w.month - 1, w.day + days)).getUTCDay();
    // Seconds past 07:00 kept from the draw, so the day's reviews do not all share one minute.
    if (day >= 1 && day <= 5)
      return instantOf(DEPOT_ZONE, { year: w.year, month: w.month, day: w.day + days, hour: 7, minute: w.minute, second: w.second });
  }
  return at;
}

/** What the reviewer did with an incident of this age: older ones are more often done with. */
function review(incident: PastIncident, random: Random, now: number, companyTags: number) {
  const age = now - incident.triggerAt;
  const share = age > 7 * DAY_MS ? 0.92 : age > 2 * DAY_MS ? 0.6 : age > 12 * HOUR_MS ? 0.3 : 0.04;
  if (random() >= share) return;
  const reviewedAt = officeHours(incident.triggerAt + uniform(random, 0.3, 30) * HOUR_MS);
  // Not reviewed yet: its turn comes after now.
  if (reviewedAt >= now - 5 * 60_000) return;
  incident.reviewedAt = Math.round(reviewedAt);
  if (companyTags > 0 && random() < 0.04) incident.retag = Math.floor(random() * companyTags);
  // A step after another, a while later but before now.
  const after = (at: number, ms: number) => Math.round(Math.min(at + ms, at + (now - at) / 2));
  if (OFTEN_FALSE.has(incident.type) && random() < 0.12) {
    incident.deletedAt = after(incident.reviewedAt, 60_000);
    return;
  }
  if (random() < 0.03) incident.comment = { at: after(incident.reviewedAt, 30_000), body: pickOf(random, COMMENTS) };
  if (random() >= (BEHAVIOUR.has(incident.type) ? 0.45 : 0.08)) return;
  const markedAt = after(incident.reviewedAt, Math.round(uniform(random, 1, 20)) * 60_000);
  // The coach meets the driver at a shift start within a week or so.
  const closeAt = officeHours(markedAt + uniform(random, 1, 9) * DAY_MS);
  const closed =
    closeAt < now - HOUR_MS
      ? random() < 0.75
        ? { state: 'coached' as const, at: Math.round(closeAt), note: pickOf(random, COACHED_NOTES) }
        : { state: 'dismissed' as const, at: Math.round(closeAt), note: pickOf(random, DISMISS_REASONS) }
      : null;
  incident.coaching = { markedAt, markNote: pickOf(random, MARK_NOTES), closed };
}

/**
 * The incidents along the trail: per leg a Poisson number by its length and the driver's factor, each at a moving
 * position of the leg, its type drawn from the simulator's mix, its files those of a four-camera device's factory
 * evidence, then reviewed and coached as its age makes likely. Speeds of over-speed incidents are written back into
 * the trail, so the trail shows the speeding.
 */
export function pastIncidents(
  trail: PastTrail,
  channelsOf: (deviceId: number) => number,
  uuidOf: (deviceId: number) => string,
  now: number,
  companyTags: number,
  random: Random,
): PastIncident[] {
  const factors = new Map<number, number>();
  const counters = new Map<number, number>();
  const out: PastIncident[] = [];
  const p = trail.points;
  for (const leg of trail.legs) {
    let factor = factors.get(leg.vehicleId);
    if (factor === undefined) {
      factor = uniform(random, DRIVER_FACTOR.min, DRIVER_FACTOR.max);
      factors.set(leg.vehicleId, factor);
    }
    const count = poisson(random, (leg.meters / 100_000) * PER_100_KM * factor);
    for (let n = 0; n < count && leg.to - leg.from > 2; n++) {
      const type = pickIncidentType(random);
      const i = spotFor(type, random, p, leg.from + 1, leg.to - 1);
      const speed = speedFor(type, random, p.speed[i] ?? 0, p.limit[i] ?? 50);
      // The trail shows what the incident says: speeding, or slowing for the junction.
      if (type === 'overSpeed' || IN_TOWN[type]) p.speed[i] = speed;
      const triggerAt = (p.t[i] ?? now) - Math.round(uniform(random, 0, 40)) * 1000;
      if (triggerAt >= now) continue;
      const number = (counters.get(leg.deviceId) ?? 0) + 1;
      counters.set(leg.deviceId, number);
      const uuid = uuidOf(leg.deviceId);
      const messageId = `${hashSeed(uuid, 'past').toString(16).padStart(8, '0')}-${number}`;
      const channels = channelsOf(leg.deviceId);
      const incident: PastIncident = {
        deviceId: leg.deviceId,
        vehicleId: leg.vehicleId,
        messageId,
        type,
        triggerAt,
        localTime: localTimeOf(triggerAt),
        speed,
        lat: p.lat[i] ?? 0,
        lng: p.lng[i] ?? 0,
        channel: 1 + Math.floor(random() * channels),
        resources: incidentResources(messageId, channels, triggerAt),
        reviewedAt: null,
        retag: null,
        deletedAt: null,
        coaching: null,
        comment: null,
      };
      review(incident, random, now, companyTags);
      out.push(incident);
    }
  }
  return out.sort((a, b) => a.triggerAt - b.triggerAt);
}
