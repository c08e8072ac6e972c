import type { TrailPoint } from '@safety-shield/contract';

/** The playback speeds the player offers. */
export const playbackSpeeds = [1, 2, 4, 8, 16, 32] as const;
export type PlaybackSpeed = (typeof playbackSpeeds)[number];

/** At 1× the player shows one minute of the trail per second: real time would take a day to play a day. */
export const TRAIL_MS_PER_MS = 60;

/**
 * Longer than this between two points is a gap (no signal, device off), not a drive: the marker waits at the
 * last point instead of sliding in a straight line, and playback jumps over it.
 */
export const GAP_MS = 5 * 60_000;

/** Where the vehicle is at one moment of the playback. */
export interface PlaybackFrame {
  time: number;
  lat: number;
  lng: number;
  speed: number;
  heading: number;
  /** The point at or before this moment. */
  index: number;
}

/** The index of the last point at or before `time` (points sorted by time), 0 before the first. */
export function indexAt(points: readonly TrailPoint[], time: number): number {
  let low = 0;
  let high = points.length - 1;
  let found = 0;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((points[middle]?.time ?? 0) <= time) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

/** The heading between two headings, the short way round (350° → 10° passes north). */
export function interpolateHeading(from: number, to: number, fraction: number): number {
  const turn = ((((to - from) % 360) + 540) % 360) - 180;
  return (((from + turn * fraction) % 360) + 360) % 360;
}

/** The vehicle's place, speed and heading at `time`, between the two points around it. */
export function frameAt(points: readonly TrailPoint[], time: number): PlaybackFrame | null {
  const first = points[0];
  const last = points[points.length - 1];
  if (!first || !last) return null;
  const clamped = Math.min(Math.max(time, first.time), last.time);
  const index = indexAt(points, clamped);
  const a = points[index] ?? first;
  const b = points[index + 1];
  const span = b ? b.time - a.time : 0;
  if (!b || span <= 0 || span > GAP_MS) return { time: clamped, lat: a.lat, lng: a.lng, speed: a.speed, heading: a.heading, index };
  const f = (clamped - a.time) / span;
  return {
    time: clamped,
    lat: a.lat + (b.lat - a.lat) * f,
    lng: a.lng + (b.lng - a.lng) * f,
    speed: a.speed + (b.speed - a.speed) * f,
    heading: interpolateHeading(a.heading, b.heading, f),
    index,
  };
}

/** The playback time after `elapsedMs` of real time at `speed`; gaps are jumped over, the end is not passed. */
export function advanceTime(points: readonly TrailPoint[], time: number, elapsedMs: number, speed: number): number {
  const last = points[points.length - 1];
  if (!last) return time;
  let next = time + elapsedMs * TRAIL_MS_PER_MS * speed;
  const index = indexAt(points, next);
  const a = points[index];
  const b = points[index + 1];
  if (a && b && b.time - a.time > GAP_MS) next = b.time;
  return Math.min(next, last.time);
}
