import { randomBytes } from 'node:crypto';
import { createChallenge, randomInt } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { verify } from 'altcha-lib/frameworks/shared';
import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { captchaUse } from '../../db/schema.js';
import { sharedSecret } from '../system/index.js';

/** A challenge is good for ten minutes; a solution is accepted once. */
const TTL_SECONDS = 600;

/**
 * The login robot check (ARCHITECTURE section 3): an ALTCHA proof-of-work the browser solves.
 * Deterministic mode: the server picks the counter, so verifying costs one hash whatever the difficulty.
 */
export class Captcha {
  private constructor(
    private readonly db: Db,
    private readonly complexity: number,
    private readonly signatureSecret: string,
    private readonly keySecret: string,
  ) {}

  static async open(db: Db, complexity: number): Promise<Captcha> {
    const generate = () => randomBytes(32).toString('hex');
    const signatureSecret = await sharedSecret(db, 'captcha.signature', generate);
    const keySecret = await sharedSecret(db, 'captcha.key', generate);
    return new Captcha(db, complexity, signatureSecret, keySecret);
  }

  challenge() {
    return createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      counter: randomInt(this.complexity, Math.ceil(this.complexity / 2)),
      deriveKey,
      expiresAt: Math.floor(Date.now() / 1000) + TTL_SECONDS,
      hmacSignatureSecret: this.signatureSecret,
      hmacKeySignatureSecret: this.keySecret,
    });
  }

  /** True when the solution is genuine, unexpired and not used before. */
  async check(code: string): Promise<boolean> {
    const result = await verify(code, deriveKey, this.signatureSecret, this.keySecret, {
      get: async () => undefined,
      set: async () => undefined,
      setIfAbsent: (id: string) => this.markUsed(id),
    });
    return result.error === null;
  }

  private async markUsed(id: string): Promise<boolean> {
    await this.db.delete(captchaUse).where(lt(captchaUse.expiresAt, sql`now()`));
    const inserted = await this.db
      .insert(captchaUse)
      .values({ id, expiresAt: new Date(Date.now() + TTL_SECONDS * 1000) })
      .onConflictDoNothing()
      .returning({ id: captchaUse.id });
    return inserted.length === 1;
  }
}
