import type { GoogleAuthInfo } from '@safety-shield/contract';
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { account } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import type { Sealer } from '../system/index.js';
import { matchTotp, newTotpSecret, otpauthUrl } from './totp.js';

/** Google Authenticator binding (SPEC section 4): the seed is sealed at rest and a code is accepted once. */
export class GoogleAuth {
  constructor(
    private readonly db: Db,
    private readonly sealer: Sealer,
  ) {}

  /** Bound, or the pending secret to scan (made on first ask and kept until bound, so a reload shows the same QR code). */
  async info(accountId: number): Promise<GoogleAuthInfo> {
    const row = await this.row(accountId);
    if (row.mfaBoundAt) return { bound: true };
    let secret = row.mfaSecret ? this.sealer.open(row.mfaSecret) : undefined;
    if (!secret) {
      secret = newTotpSecret();
      await this.db
        .update(account)
        .set({ mfaSecret: this.sealer.seal(secret), mfaLastStep: null })
        .where(eq(account.id, accountId));
    }
    return { bound: false, secret, otpauthUrl: otpauthUrl(secret, row.username) };
  }

  /** Binds the pending secret once the app shows a matching code. */
  async bind(accountId: number, code: string): Promise<void> {
    const row = await this.row(accountId);
    if (row.mfaBoundAt) return;
    if (!row.mfaSecret) throw new AppError('GOOGLE_AUTH_FAIL');
    const step = matchTotp(this.sealer.open(row.mfaSecret), code, row.mfaLastStep);
    if (step === undefined) throw new AppError('GOOGLE_CODE_FAIL');
    await this.db
      .update(account)
      .set({ mfaBoundAt: new Date(), mfaLastStep: step })
      .where(and(eq(account.id, accountId), isNull(account.mfaBoundAt)));
  }

  /** Unbinding takes a current code too, so a stolen session alone cannot remove the second factor. */
  async unbind(accountId: number, code: string): Promise<void> {
    await this.verify(accountId, code);
    await this.db.update(account).set({ mfaSecret: null, mfaBoundAt: null, mfaLastStep: null }).where(eq(account.id, accountId));
  }

  /** Checks a code of a bound account and uses it up; GOOGLE_CODE_FAIL otherwise. */
  async verify(accountId: number, code: string): Promise<void> {
    const row = await this.row(accountId);
    if (!row.mfaBoundAt || !row.mfaSecret) throw new AppError('GOOGLE_AUTH_FAIL');
    const step = matchTotp(this.sealer.open(row.mfaSecret), code, row.mfaLastStep);
    if (step === undefined) throw new AppError('GOOGLE_CODE_FAIL');
    await this.db.update(account).set({ mfaLastStep: step }).where(eq(account.id, accountId));
  }

  private async row(accountId: number) {
    const [row] = await this.db
      .select({
        username: account.username,
        mfaSecret: account.mfaSecret,
        mfaBoundAt: account.mfaBoundAt,
        mfaLastStep: account.mfaLastStep,
      })
      .from(account)
      .where(eq(account.id, accountId));
    if (!row) throw new AppError('PERMISSION_TOKEN_FAIL');
    return row;
  }
}
