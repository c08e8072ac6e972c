import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/**
 * Counts every portal node shares (issue 15): the rate limits' call windows and the failed logins of usernames that
 * do not exist. One node keeps them in memory; several keep them in Redis (REDIS_URL), so adding a node neither
 * multiplies a limit nor resets a count.
 */
export interface Counters {
  /** Counts one call of `key` unless `limit` calls already fall within the last `windowMs`; false when refused. */
  take(key: string, limit: number, windowMs: number): Promise<boolean>;
  /** Adds one to `key`, which lives `ttlMs` from its first count, and answers the new count. */
  increment(key: string, ttlMs: number): Promise<number>;
  close(): Promise<void>;
}

/**
 * Sliding-window call logs of this node: at most `limit` calls of a key in any span of `windowMs`.
 * (A fixed window let twice the limit through across a window's edge.)
 */
export class Windows {
  private readonly calls = new Map<string, number[]>();
  private sweptAt = 0;

  constructor(private readonly windowMs: number) {}

  /** Counts one call of `key`; false (and not counted) once `limit` calls fall within the window. */
  take(key: string, limit: number, now = Date.now()): boolean {
    const since = now - this.windowMs;
    if (now - this.sweptAt >= this.windowMs) this.sweep(since, now);
    const recent = (this.calls.get(key) ?? []).filter((at) => at > since);
    const allowed = recent.length < limit;
    if (allowed) recent.push(now);
    this.calls.set(key, recent);
    return allowed;
  }

  /** Forgets the keys with no call in the window, so the logs stay as small as the active callers. */
  private sweep(since: number, now: number) {
    for (const [key, times] of this.calls) if ((times.at(-1) ?? 0) <= since) this.calls.delete(key);
    this.sweptAt = now;
  }
}

/** Most counts a node keeps in memory: guessing many usernames must not grow a node without bound. */
const MEMORY_COUNTS = 100_000;

export function memoryCounters(): Counters {
  const windows = new Map<number, Windows>();
  const counts = new Map<string, { count: number; until: number }>();
  return {
    async take(key, limit, windowMs) {
      const log = windows.get(windowMs) ?? new Windows(windowMs);
      windows.set(windowMs, log);
      return log.take(key, limit);
    },
    async increment(key, ttlMs) {
      const now = Date.now();
      const current = counts.get(key);
      const next = current && current.until > now ? { count: current.count + 1, until: current.until } : { count: 1, until: now + ttlMs };
      counts.delete(key);
      // A Map iterates in insertion order: the first key is the one counted longest ago.
      if (counts.size >= MEMORY_COUNTS) counts.delete(counts.keys().next().value as string);
      counts.set(key, next);
      return next.count;
    },
    close: async () => {},
  };
}

/** A sliding window in one sorted set per key, on Redis's clock so nodes whose clocks differ agree. */
const TAKE = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local window = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], now, ARGV[3])
redis.call('PEXPIRE', KEYS[1], window)
return 1`;

const INCREMENT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count`;

export async function redisCounters(url: string, prefix: string, warn: (message: string) => void): Promise<Counters> {
  // A count that cannot be had within half a second is let through (see below): a request never hangs on Redis.
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, commandTimeout: 500 });
  await redis.connect();
  const node = randomBytes(4).toString('hex');
  let calls = 0;
  /**
   * Without Redis the limits fail open: refusing every login and write would turn a Redis outage into a portal
   * outage, while the lockout after five wrong passwords (kept in the database) still holds.
   */
  let warnedAt = 0;
  const failOpen =
    <T>(value: T) =>
    (error: Error) => {
      // One line per ten seconds: during an outage every request would otherwise log one.
      if (Date.now() - warnedAt > 10_000) {
        warn(`Redis counters unavailable, limits not applied: ${error.message}`);
        warnedAt = Date.now();
      }
      return value;
    };
  return {
    take: (key, limit, windowMs) =>
      redis.eval(TAKE, 1, `${prefix}rate:${key}`, windowMs, limit, `${node}:${++calls}`).then((allowed) => allowed === 1, failOpen(true)),
    increment: (key, ttlMs) => redis.eval(INCREMENT, 1, `${prefix}count:${key}`, ttlMs).then((count) => Number(count), failOpen(1)),
    close: async () => {
      await redis.quit();
    },
  };
}
