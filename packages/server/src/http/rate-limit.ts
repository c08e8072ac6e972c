import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.js';

/** Calls per window a caller may make; 0 switches a policy off. */
export interface RateLimits {
  /** Login attempts (both steps and the robot-check challenge) per client address and minute; also opened share links. */
  loginPerMinute: number;
  /** Writes per account and second. */
  writesPerSecond: number;
}

/** Fixed-window counters of this node (the scale-out issue moves them to Redis so nodes share them). */
class Windows {
  private readonly counts = new Map<string, number>();
  private window = 0;

  constructor(private readonly windowMs: number) {}

  /** Counts one call of `key`; true while within `limit`. */
  take(key: string, limit: number, now = Date.now()): boolean {
    const window = Math.floor(now / this.windowMs);
    if (window !== this.window) {
      this.window = window;
      this.counts.clear();
    }
    const count = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, count);
    return count <= limit;
  }
}

const LOGIN_PATHS = new Set(['/v1/account/login', '/v1/account/mfa/login/google', '/v1/account/captcha']);
/** Calls anyone may make with a token in hand (a share link): guessing tokens is held to the login's pace. */
const PUBLIC_TOKEN_PATHS = new Set(['/v2/event/public/list']);

/** YOU_REQUEST_TOO_FAST (HTTP 429) for a client that logs in or writes faster than the limits allow. */
export function registerRateLimits(app: FastifyInstance, limits: RateLimits) {
  const minutes = new Windows(60_000);
  const seconds = new Windows(1_000);
  app.addHook('preHandler', async (req) => {
    const path = req.routeOptions.url ?? '';
    if (LOGIN_PATHS.has(path)) {
      if (limits.loginPerMinute > 0 && !minutes.take(`login:${req.ip}`, limits.loginPerMinute)) throw new AppError('YOU_REQUEST_TOO_FAST');
      return;
    }
    if (PUBLIC_TOKEN_PATHS.has(path)) {
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
