import { type ApiTokenCreated, type ApiTokenRecord, MAX_API_TOKENS } from '@safety-shield/contract';
import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { account, apiToken } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import { epochMs } from '../../http/pagination.js';
import { hashToken } from '../../http/tokens.js';
import { API_TOKEN_PREFIX, newToken, type Sessions } from './sessions.js';

/** API tokens (SPEC section 3): at most 3 per account, shown once, stored hashed, acting with the owner's role and scope. */
export class ApiTokens {
  constructor(
    private readonly db: Db,
    private readonly sessions: Sessions,
  ) {}

  async list(accountId: number): Promise<ApiTokenRecord[]> {
    const rows = await this.db
      .select({ id: apiToken.id, createdAt: apiToken.createdAt, lastUsedAt: apiToken.lastUsedAt })
      .from(apiToken)
      .where(eq(apiToken.accountId, accountId))
      .orderBy(asc(apiToken.id));
    return rows.map((row) => ({ id: row.id, generateTime: row.createdAt.getTime(), lastUsedTime: epochMs(row.lastUsedAt) }));
  }

  async create(accountId: number): Promise<ApiTokenCreated> {
    const token = newToken(API_TOKEN_PREFIX);
    return this.db.transaction(async (tx) => {
      // The account row is locked so two creations at once cannot make a fourth token.
      await tx.select({ id: account.id }).from(account).where(eq(account.id, accountId)).for('update');
      const [existing] = await tx.select({ n: count() }).from(apiToken).where(eq(apiToken.accountId, accountId));
      if ((existing?.n ?? 0) >= MAX_API_TOKENS) throw new AppError('ACCOUNT_API_TOKEN_MORE_THAN_3');
      const [row] = await tx
        .insert(apiToken)
        .values({ accountId, tokenHash: hashToken(token) })
        .returning({ id: apiToken.id, createdAt: apiToken.createdAt });
      if (!row) throw new AppError('ACTION_FAIL_RETRY');
      return { id: row.id, token, generateTime: row.createdAt.getTime() };
    });
  }

  async remove(accountId: number, id: number): Promise<void> {
    const deleted = await this.db
      .delete(apiToken)
      .where(and(eq(apiToken.id, id), eq(apiToken.accountId, accountId)))
      .returning({ id: apiToken.id });
    if (deleted.length === 0) throw new AppError('ACCOUNT_API_TOKEN_NOT_EXIST');
    this.sessions.forgetCached();
  }
}
