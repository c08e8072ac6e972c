import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.js';

/** Calls per window a caller may make; 0 switches a policy off. */
export interface RateLimits {
  /** Login attempts (both steps and the robot-check challenge) per client address and minute; also opened share links. */
  loginPerMinute: number;
  /** Writes per account and second. */
  writesPerSecond: number;
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

/** YOU_REQUEST_TOO_FAST (HTTP 429) for a client that logs in or writes faster than the limits allow. */
export function registerRateLimits(app: FastifyInstance, limits: RateLimits) {
  const minutes = new Windows(60_000);
  const seconds = new Windows(1_000);
  app.addHook('preHandler', async (req) => {
    // Declared per endpoint: the login's calls, and calls anyone may make with a token in hand (a share link), whose
    // guessing is held to the login's pace.
    const { rate } = req.routeOptions.config;
    if (rate === 'login') {
      if (limits.loginPerMinute > 0 && !minutes.take(`login:${req.ip}`, limits.loginPerMinute)) throw new AppError('YOU_REQUEST_TOO_FAST');
      return;
    }
    if (rate === 'public') {
      if (limits.loginPerMinute > 0 && !minutes.take(`public:${req.ip}`, limits.loginPerMinute)) throw new AppError('YOU_REQUEST_TOO_FAST');
      return;
    }
    const writes = req.method !== 'GET' && req.method !== 'HEAD';
    if (
      writes &&
      req.principal &&
      limits.writesPerSecond > 0 &&
      !seconds.take(`write:${req.principal.accountId}`, limits.writesPerSecond)
    ) {
      throw new AppError('YOU_REQUEST_TOO_FAST');
    }
  });
}
