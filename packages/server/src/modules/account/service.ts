import type { LoginBody } from '@safety-shield/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import type { Captcha } from './captcha.js';
import { verifyPassword } from './passwords.js';
import { findByUsername, recordLogin } from './repo.js';
import type { Sessions } from './sessions.js';

export class AccountService {
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
}
