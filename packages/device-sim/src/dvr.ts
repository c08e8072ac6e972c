import { createHash } from 'node:crypto';
import { type DvrIndexResult, spanProblem } from '@safety-shield/contract/device';
import type { CommandHandler } from './commands.js';

/** How far back the simulated card holds recordings (older ones are overwritten, as on a DVR). */
export const DVR_KEEP_MS = 7 * 24 * 3_600_000;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** A recorded span (the `dvrIndex` ack's segments). */
export type Segment = DvrIndexResult['segments'][number];

/** A deterministic number 0..255 per device, channel and hour: the same index every time it is asked. */
function noise(uuid: string, channel: number, hour: number): number {
  return createHash('sha1').update(`${uuid}/${channel}/${hour}`).digest()[0] ?? 0;
}

/**
 * The recording index of one channel (docs/device-protocol.md, `dvrIndex`): the simulated device "recorded"
 * continuously over the last 7 days, except a gap of 10–40 minutes in about one hour of five (ignition off). No real
 * files: the segments are computed. `day` is a UTC day `YYYY-MM-DD`.
 */
export function dvrSegments(uuid: string, channel: number, day: string, now = Date.now()): Segment[] {
  const dayStart = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(dayStart)) return [];
  const from = Math.max(dayStart, now - DVR_KEEP_MS);
  const to = Math.min(dayStart + DAY_MS, now);
  const segments: Segment[] = [];
  for (let hour = Math.floor(from / HOUR_MS); hour * HOUR_MS < to; hour++) {
    const n = noise(uuid, channel, hour);
    const pieces: Segment[] =
      n % 5 === 0
        ? [
            { start: hour * HOUR_MS, end: hour * HOUR_MS + (n % 20) * 60_000 + 5 * 60_000 },
            { start: hour * HOUR_MS + (n % 20) * 60_000 + (15 + (n % 25)) * 60_000, end: (hour + 1) * HOUR_MS },
          ]
        : [{ start: hour * HOUR_MS, end: (hour + 1) * HOUR_MS }];
    for (const piece of pieces) {
      const start = Math.max(piece.start, from);
      const end = Math.min(piece.end, to);
      if (end <= start) continue;
      const last = segments[segments.length - 1];
      if (last && last.end === start) last.end = end;
      else segments.push({ start, end });
    }
  }
  return segments;
}

/** `down/dvrIndex {channel, day}`: acked with the day's segments of that channel (DvrIndexResult). */
export function dvrIndexCommand(uuid: string, channels: () => number): CommandHandler<'dvrIndex'> {
  return ({ channel, day }) => {
    if (channel > channels()) return { ok: false, error: 'no such channel' };
    if (Number.isNaN(Date.parse(`${day}T00:00:00Z`))) return { ok: false, error: 'day must be YYYY-MM-DD' };
    const result: DvrIndexResult = { segments: dvrSegments(uuid, channel, day) };
    return { ok: true, result };
  };
}

/** A playback span of a `live` start (its form checked by the schema), or why this device cannot play it. */
export function parsePlayback(span: Segment): Segment | string {
  const problem = spanProblem('playback', span, true);
  if (problem) return problem;
  if (span.start < Date.now() - DVR_KEEP_MS || span.end > Date.now() + 60_000) return 'no recording of that span';
  return { start: span.start, end: span.end };
}
