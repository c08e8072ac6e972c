import { randomBytes } from 'node:crypto';
import { type Role, toLanguage } from '@safety-shield/contract';
import { and, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type { Bus } from '../../bus/bus.js';
import type { Db } from '../../db/client.js';
import { account, apiToken, org, session } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import type { Principal } from '../../http/principal.js';
import { hashToken } from '../../http/tokens.js';
import { NODE_CACHE_MS, TtlCache } from '../../ttl-cache.js';

/** API tokens carry this prefix, so one lookup tells them from console sessions. */
export const API_TOKEN_PREFIX = 'ssk_';

export const newToken = (prefix = '') => prefix + randomBytes(32).toString('base64url');

interface Cached {
  principal: Principal;
  /** null for API tokens: they do not expire through inactivity. */
  lastSeenAt: number | null;
}

/** last_seen_at is written at most this often per session, not on every request. */
const TOUCH_MS = 60_000;
/** A login waiting for its Google Authenticator code lapses after five minutes or five wrong codes. */
const MFA_PENDING_MS = 5 * 60_000;
export const MFA_MAX_ATTEMPTS = 5;

/** The account columns every principal is built from. */
const principalColumns = {
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
};

/**
 * No organisation of the account's chain is forbidden (SPEC section 4): a forbidden organisation at any level shuts
 * out everyone below it, through every way in (sessions are also deleted on forbidding; API tokens are not).
 */
const chainNotForbidden = sql`not exists (select 1 from ${org} where ${org.state} = 'forbidden' and ${org.id} in (
  ${account.belongAgentId}, ${account.belongCompanyId}, ${account.belongFleetId}, ${account.belongSiteId}))`;

/**
 * Console sessions and API tokens: opaque random tokens stored hashed. Sessions expire after inactivity and are
 * revoked on logout; API tokens live until deleted. A short per-node cache keeps the check off the database; every
 * revocation travels the bus, so each node drops its copy at once, not when the cache runs out.
 */
export class Sessions {
  private readonly cache = new TtlCache<string, Cached>(NODE_CACHE_MS);

  constructor(
    private readonly db: Db,
    private readonly idleMs: number,
    private readonly bus: Bus,
  ) {
    bus.subscribe('sessions', ({ tokenHash }) => (tokenHash === null ? this.cache.clear() : this.cache.delete(tokenHash)));
  }

  /** A new session; with `mfaPending` it opens nothing until the second step completes it. */
  async create(accountId: number, mfaPending = false): Promise<string> {
    const token = newToken();
    await this.db.insert(session).values({ tokenHash: hashToken(token), accountId, mfaPending });
    return token;
  }

  /** The account waiting behind a second-step ticket, or undefined when it lapsed or never was. */
  async pendingAccount(ticket: string): Promise<number | undefined> {
    const [row] = await this.db
      .select({ accountId: session.accountId, attempts: session.mfaAttempts })
      .from(session)
      .where(
        and(
          eq(session.tokenHash, hashToken(ticket)),
          eq(session.mfaPending, true),
          gt(session.createdAt, new Date(Date.now() - MFA_PENDING_MS)),
        ),
      );
    return row && row.attempts < MFA_MAX_ATTEMPTS ? row.accountId : undefined;
  }

  /** Counts a wrong second-step code; the fifth ends the pending login. */
  async failMfa(ticket: string): Promise<void> {
    const tokenHash = hashToken(ticket);
    const [row] = await this.db
      .update(session)
      .set({ mfaAttempts: sql`${session.mfaAttempts} + 1` })
      .where(and(eq(session.tokenHash, tokenHash), eq(session.mfaPending, true)))
      .returning({ attempts: session.mfaAttempts });
    if (row && row.attempts >= MFA_MAX_ATTEMPTS) await this.db.delete(session).where(eq(session.tokenHash, tokenHash));
  }

  /** The second step succeeded: the ticket becomes a working session token. */
  async completeMfa(ticket: string): Promise<void> {
    await this.db
      .update(session)
      .set({ mfaPending: false, lastSeenAt: new Date() })
      .where(eq(session.tokenHash, hashToken(ticket)));
  }

  /**
   * The principal behind a token, or the token error of SPEC section 8 (50003 missing, 50001 invalid, 50014 expired).
   * `touch: false` checks without counting as activity (the WebSocket's periodic check must not keep a session alive).
   */
  async resolve(token: string | undefined, touch = true): Promise<Principal> {
    if (!token) throw new AppError('PERMISSION_TOKEN_MISSING');
    const tokenHash = hashToken(token);
    const now = Date.now();
    let entry = this.cache.get(tokenHash, now);
    if (!entry) {
      entry = token.startsWith(API_TOKEN_PREFIX) ? await this.loadApiToken(tokenHash) : await this.loadSession(tokenHash);
      if (!entry) throw new AppError('PERMISSION_TOKEN_FAIL');
      this.cache.set(tokenHash, entry, now);
    }
    if (entry.lastSeenAt === null) return entry.principal;
    if (now - entry.lastSeenAt > this.idleMs) {
      await this.revoke(tokenHash);
      throw new AppError('PERMISSION_TOKEN_EXPIRE_FAIL');
    }
    if (touch && now - entry.lastSeenAt > TOUCH_MS) {
      entry.lastSeenAt = now;
      await this.db
        .update(session)
        .set({ lastSeenAt: new Date(now) })
        .where(eq(session.tokenHash, tokenHash));
    }
    return entry.principal;
  }

  /** The session's account confirmed its password now; every node reads the session again. Answers the time. */
  async identify(tokenHash: string): Promise<number> {
    const now = new Date();
    await this.db.update(session).set({ identifiedAt: now }).where(eq(session.tokenHash, tokenHash));
    this.forget(tokenHash);
    return now.getTime();
  }

  async revoke(tokenHash: string): Promise<void> {
    await this.db.delete(session).where(eq(session.tokenHash, tokenHash));
    this.forget(tokenHash);
  }

  /** Ends every session of the accounts matching a condition on the account table (disabled, deleted, org forbidden). */
  async revokeAccounts(accounts: SQL): Promise<void> {
    await this.db.delete(session).where(inArray(session.accountId, this.db.select({ id: account.id }).from(account).where(accounts)));
    this.forgetCached();
  }

  /**
   * Drops every node's cached copies so the next request reads the account again (its password, role or tokens
   * changed). Cached principals are keyed by token, not account: dropping them all costs one read per active token.
   */
  forgetCached(): void {
    this.forget(null);
  }

  /**
   * Drops one token's cached principal (null: all) here at once, and on the other nodes through the bus: over Redis
   * the event comes back to this node only a moment later, and the caller's next request must not find it.
   */
  private forget(tokenHash: string | null): void {
    if (tokenHash === null) this.cache.clear();
    else this.cache.delete(tokenHash);
    this.bus.publish('sessions', { tokenHash });
  }

  private async loadSession(tokenHash: string): Promise<Cached | undefined> {
    const [row] = await this.db
      .select({ ...principalColumns, lastSeenAt: session.lastSeenAt, identifiedAt: session.identifiedAt })
      .from(session)
      .innerJoin(account, eq(account.id, session.accountId))
      .where(and(eq(session.tokenHash, tokenHash), eq(session.mfaPending, false), chainNotForbidden));
    const principal = row && toPrincipal(row, tokenHash, 'session', row.identifiedAt?.getTime() ?? null);
    return principal && { principal, lastSeenAt: row.lastSeenAt.getTime() };
  }

  private async loadApiToken(tokenHash: string): Promise<Cached | undefined> {
    const [row] = await this.db
      .select(principalColumns)
      .from(apiToken)
      .innerJoin(account, eq(account.id, apiToken.accountId))
      .where(and(eq(apiToken.tokenHash, tokenHash), chainNotForbidden));
    const principal = row && toPrincipal(row, tokenHash, 'apiToken', null);
    if (!principal) return undefined;
    await this.db.update(apiToken).set({ lastUsedAt: new Date() }).where(eq(apiToken.tokenHash, tokenHash));
    return { principal, lastSeenAt: null };
  }
}

/**
 * The principal an account acts as outside any request (a scheduled report is computed as its recipient would see it
 * in a console session): none when the account is disabled or expired or an organisation of its chain is forbidden.
 */
export async function accountPrincipal(db: Db, accountId: number): Promise<Principal | undefined> {
  const [row] = await db
    .select(principalColumns)
    .from(account)
    .where(and(eq(account.id, accountId), chainNotForbidden));
  return row && toPrincipal(row, '', 'session', null);
}

type PrincipalRow = { [K in keyof typeof principalColumns]: (typeof principalColumns)[K]['_']['data'] | null } & {
  accountId: number;
  username: string;
  role: string;
  mustChangePassword: boolean;
  state: string;
};

/** A disabled or expired account's tokens stop working even before they are revoked. */
function toPrincipal(row: PrincipalRow, tokenHash: string, via: Principal['via'], identifiedAt: number | null): Principal | undefined {
  if (row.state !== 'usable' || (row.expireTime && row.expireTime.getTime() <= Date.now())) return undefined;
  const { language, role, state: _state, expireTime: _expireTime, ...rest } = row;
  return { ...rest, role: role as Role, language: toLanguage(language), tokenHash, via, identifiedAt };
}
