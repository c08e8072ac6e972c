/** Distance and running time driven along a device's positions. Pure functions. */

import { haversineMeters } from '../places/distance.js';

export interface Fix {
  t: number;
  lat: number;
  lng: number;
  speed: number;
}

export interface Driven {
  meters: number;
  ms: number;
}

/** A jump faster than this between two fixes is a GPS glitch or a device moved by truck, not driving. */
const MAX_IMPLIED_KMH = 200;
/** A longer gap means the device was off: the time is not counted as running. */
const MAX_RUNNING_GAP_MS = 5 * 60_000;

/**
 * What was driven from `previous` (the stored position, or null) through `fixes` (ascending, all newer than it):
 * the length of each plausible segment, and the time of each segment that ends moving.
 */
export function driven(previous: Fix | null, fixes: readonly Fix[]): Driven {
  let meters = 0;
  let ms = 0;
  let from = previous;
  for (const to of fixes) {
    if (from && to.t > from.t) {
      const dt = to.t - from.t;
      const distance = haversineMeters(from, to);
      if ((distance / dt) * 3600 <= MAX_IMPLIED_KMH) meters += distance;
      if (to.speed > 0 && dt <= MAX_RUNNING_GAP_MS) ms += dt;
    }
    from = to;
  }
  return { meters, ms };
}

/**
 * Whole units of what a vehicle drove, carrying the fractions over to the next flush (the columns are integers, and
 * rounding every small batch would lose metres systematically). Per node: a restart loses less than a unit.
 */
export class Carry {
  private readonly fractions = new Map<number, Driven>();

  /** The whole metres and seconds to add now, and the fractions to keep once the write committed. */
  take(vehicleId: number, add: Driven): { meters: number; seconds: number; keep: Driven } {
    const before = this.fractions.get(vehicleId) ?? { meters: 0, ms: 0 };
    const meters = before.meters + add.meters;
    const ms = before.ms + add.ms;
    const wholeMeters = Math.floor(meters);
    const wholeSeconds = Math.floor(ms / 1000);
    return { meters: wholeMeters, seconds: wholeSeconds, keep: { meters: meters - wholeMeters, ms: ms - wholeSeconds * 1000 } };
  }

  keep(vehicleId: number, fraction: Driven) {
    if (fraction.meters === 0 && fraction.ms === 0) this.fractions.delete(vehicleId);
    else this.fractions.set(vehicleId, fraction);
  }
}
