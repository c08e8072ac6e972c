import type { LoginBody, SelfInfo } from '@safety-shield/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { TtlCache } from '../../ttl-cache.js';
import type { Captcha } from './captcha.js';
import { verifyPassword } from './passwords.js';
import { findByUsername, recordLogin, selfInfo } from './repo.js';
import { CACHE_MS, type Sessions } from './sessions.js';

export class AccountService {
  /** The console asks for selfInfo on every navigation: it is served from memory like the session itself. */
  private readonly selfInfoCache = new TtlCache<number, SelfInfo>(CACHE_MS);

  constructor(
    private readonly db: Db,
    private readonly captcha: Captcha,
    private readonly sessions: Sessions,
  ) {}

  /** SPEC section 5: the username is trimmed; the robot check comes first so guessing stays expensive. */
  async login({ username, password, code }: LoginBody): Promise<{ token: string }> {
    if (!(await this.captcha.check(code))) throw new AppError('CAPTCHA_CHECK_ERROR');
    const row = await findByUsername(this.db, username.trim());
    if (!(await verifyPassword(row?.passwordHash, password)) || !row) {
      throw new AppError('LOGIN_USERNAME_OR_PASSWORD_ERROR');
    }
    if (row.state !== 'usable') throw new AppError('USER_HAD_BEEN_BAN');
    if (row.expireTime && row.expireTime.getTime() <= Date.now()) throw new AppError('USER_HAD_BEEN_EXPIRE');
    // SPEC section 1: a normal user has no access right to the server.
    if (row.role === 'NORMAL_USER') throw new AppError('PERMISSION_ROLE_FAIL');
    const token = await this.sessions.create(row.id);
    await recordLogin(this.db, row.id);
    return { token };
  }

  async selfInfo(accountId: number): Promise<SelfInfo> {
    const cached = this.selfInfoCache.get(accountId);
    if (cached) return cached;
    const info = await selfInfo(this.db, accountId);
    if (!info) throw new AppError('PERMISSION_TOKEN_FAIL');
    this.selfInfoCache.set(accountId, info);
    return info;
  }

  /** After a write to an account or an organisation: without an id, every cached copy goes. */
  forgetSelfInfo(accountId?: number): void {
    if (accountId === undefined) this.selfInfoCache.clear();
    else this.selfInfoCache.delete(accountId);
  }
}
