import { createHash, randomBytes } from 'node:crypto';
import { type Role, toLanguage } from '@safety-shield/contract';
import { eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { account, session } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import type { Principal } from '../../http/principal.js';
import { TtlCache } from '../../ttl-cache.js';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

interface Cached {
  principal: Principal;
  lastSeenAt: number;
}

/** How long a node trusts its cached copy of a session before asking the database again. */
export const CACHE_MS = 5_000;
/** last_seen_at is written at most this often per session, not on every request. */
const TOUCH_MS = 60_000;

/**
 * Console sessions: opaque random tokens stored hashed, expired after inactivity, revoked on logout.
 * A short per-node cache keeps the token check off the database on the hot path.
 */
export class Sessions {
  private readonly cache = new TtlCache<string, Cached>(CACHE_MS);

  constructor(
    private readonly db: Db,
    private readonly idleMs: number,
  ) {}

  async create(accountId: number): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await this.db.insert(session).values({ tokenHash: hashToken(token), accountId });
    return token;
  }

  /** The principal behind a token, or the token error of SPEC section 8 (50003 missing, 50001 invalid, 50014 expired). */
  async resolve(token: string | undefined): Promise<Principal> {
    if (!token) throw new AppError('PERMISSION_TOKEN_MISSING');
    const tokenHash = hashToken(token);
    const now = Date.now();
    let entry = this.cache.get(tokenHash, now);
    if (!entry) {
      entry = await this.load(tokenHash);
      if (!entry) throw new AppError('PERMISSION_TOKEN_FAIL');
      this.cache.set(tokenHash, entry, now);
    }
    if (now - entry.lastSeenAt > this.idleMs) {
      await this.revoke(tokenHash);
      throw new AppError('PERMISSION_TOKEN_EXPIRE_FAIL');
    }
    if (now - entry.lastSeenAt > TOUCH_MS) {
      entry.lastSeenAt = now;
      await this.db
        .update(session)
        .set({ lastSeenAt: new Date(now) })
        .where(eq(session.tokenHash, tokenHash));
    }
    return entry.principal;
  }

  async revoke(tokenHash: string): Promise<void> {
    this.cache.delete(tokenHash);
    await this.db.delete(session).where(eq(session.tokenHash, tokenHash));
  }

  /** Ends every session of the accounts matching a condition on the account table (disabled, deleted, org forbidden). */
  async revokeAccounts(accounts: SQL): Promise<void> {
    await this.db.delete(session).where(inArray(session.accountId, this.db.select({ id: account.id }).from(account).where(accounts)));
    // Cached principals are keyed by token, not account: dropping them all costs one database read per active session.
    this.cache.clear();
  }

  /** Drops this node's cached copies so the next request reads the account again (its password or role changed). */
  forgetCached(): void {
    this.cache.clear();
  }

  private async load(tokenHash: string): Promise<Cached | undefined> {
    const [row] = await this.db
      .select({
        accountId: account.id,
        username: account.username,
        role: account.role,
        language: account.language,
        agentId: account.belongAgentId,
        companyId: account.belongCompanyId,
        fleetId: account.belongFleetId,
        siteId: account.belongSiteId,
        mustChangePassword: account.firstTimeLogin,
        state: account.state,
        expireTime: account.expireTime,
        lastSeenAt: session.lastSeenAt,
      })
      .from(session)
      .innerJoin(account, eq(account.id, session.accountId))
      .where(eq(session.tokenHash, tokenHash));
    // A disabled or expired account's tokens stop working even before they are revoked.
    if (row?.state !== 'usable' || (row.expireTime && row.expireTime.getTime() <= Date.now())) return undefined;
    const { lastSeenAt, language, role, state: _state, expireTime: _expireTime, ...rest } = row;
    return {
      principal: { ...rest, role: role as Role, language: toLanguage(language), tokenHash },
      lastSeenAt: lastSeenAt.getTime(),
    };
  }
}
