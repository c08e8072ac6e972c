/** A seeded source of numbers in [0, 1): the same seed gives the same drive, route and timings. */
export type Random = () => number;

/** mulberry32: tiny, fast and good enough for simulation (not for secrets). */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a over the text: turns names (a device uuid, a city pair) into seeds. */
export function hashSeed(...parts: Array<string | number>): number {
  let hash = 0x811c9dc5;
  for (const char of parts.join('\u0000')) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

export function uniform(random: Random, min: number, max: number): number {
  return min + (max - min) * random();
}

export function pick<T>(random: Random, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

/** Standard normal by Box–Muller. */
export function gaussian(random: Random): number {
  const u = 1 - random(); // (0, 1]: log(0) would be -Infinity
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** Waiting time of a Poisson process with the given mean, e.g. the time to the next random disconnect. */
export function exponential(random: Random, mean: number): number {
  return -Math.log(1 - random()) * mean;
}

/** Calls `fire` at random: the waits are exponential with the given mean (a Poisson process), drawn from `random`. */
export class PoissonSchedule {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly random: Random,
    private readonly meanMs: number,
    private readonly fire: () => void,
  ) {}

  get running(): boolean {
    return this.timer !== undefined;
  }

  start(): void {
    if (this.timer || !(this.meanMs > 0)) return;
    this.next();
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private next(): void {
    this.timer = setTimeout(
      () => {
        this.next();
        this.fire();
      },
      exponential(this.random, this.meanMs),
    );
    this.timer.unref();
  }
}
