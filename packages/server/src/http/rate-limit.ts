import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.js';

/** Calls per window a caller may make; 0 switches a policy off. */
export interface RateLimits {
  /** Login attempts (both steps and the robot-check challenge) per client address and minute; also opened share links. */
  loginPerMinute: number;
  /** Writes per account and second. */
  writesPerSecond: number;
}

/** The call windows the limits count in: the shared counters of `bus/counters.ts` (in memory, or Redis for several nodes). */
export interface CallWindows {
  /** Counts one call of `key` unless `limit` calls already fall within the last `windowMs`; false when refused. */
  take(key: string, limit: number, windowMs: number): Promise<boolean>;
}

/**
 * YOU_REQUEST_TOO_FAST (HTTP 429) for a client that logs in or writes faster than the limits allow. The windows are
 * the shared counters, so with several nodes a limit holds for the deployment, not for each node.
 */
export function registerRateLimits(app: FastifyInstance, limits: RateLimits, counters: CallWindows) {
  app.addHook('preHandler', async (req) => {
    // Declared per endpoint: the login's calls, and calls anyone may make with a token in hand (a share link), whose
    // guessing is held to the login's pace.
    const { rate } = req.routeOptions.config;
    if (rate === 'login' || rate === 'public') {
      if (limits.loginPerMinute > 0 && !(await counters.take(`${rate}:${req.ip}`, limits.loginPerMinute, 60_000))) {
        throw new AppError('YOU_REQUEST_TOO_FAST');
      }
      return;
    }
    const writes = req.method !== 'GET' && req.method !== 'HEAD';
    if (
      writes &&
      req.principal &&
      limits.writesPerSecond > 0 &&
      !(await counters.take(`write:${req.principal.accountId}`, limits.writesPerSecond, 1_000))
    ) {
      throw new AppError('YOU_REQUEST_TOO_FAST');
    }
  });
}
