import {
  type AccountLevel,
  type AccountListQuery,
  type AccountRecord,
  type AccountStateBody,
  type AccountUpdateBody,
  type AssistantPasswordBody,
  type AssistantStateBody,
  type GoogleLoginBody,
  IDENTITY_MS,
  type IdentifyBody,
  type Identity,
  type LoginBody,
  type LoginResult,
  levelOrgKind,
  levelRole,
  type Page,
  type ParamSetting,
  type PasswordChangeBody,
  type PasswordResetBody,
  type RegisterBody,
  type Role,
  type SelfUpdateBody,
} from '@safety-shield/contract';
import { and, eq, ne, type SQL } from 'drizzle-orm';
import type { Counters } from '../../bus/counters.js';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { account, session } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import type { Principal } from '../../http/principal.js';
import { outOfScope } from '../../http/scope.js';
import { NODE_CACHE_MS, TtlCache } from '../../ttl-cache.js';
import type { Actor, ActorWitness } from '../logs/index.js';
import type { OrgService } from '../orgs/index.js';
import type { Captcha } from './captcha.js';
import type { GoogleAuth } from './google-auth.js';
import { hashPassword, verifyPassword } from './passwords.js';
import {
  type AccountRow,
  assistantsOnly,
  clearFailedLogins,
  findAccountRecord,
  findById,
  findByUsername,
  findManaged,
  listAccounts,
  recordFailedLogin,
  recordLogin,
  type StoredSelfInfo,
  selfInfo,
} from './repo.js';
import { checkContact, checkExpireTime, checkNewPassword, checkTimeZone, checkUsername } from './rules.js';
import type { Sessions } from './sessions.js';

/** SPEC section 9: the fifth wrong password in a row suspends the account. */
export const MAX_FAILED_LOGINS = 5;

/** How long the wrong tries of a username no account has are counted (an account's count lasts until it logs in). */
const UNKNOWN_USERNAME_COUNT_MS = 24 * 3_600_000;

/** The one answer to a wrong username or password, with the tries left before the account is suspended. */
const wrongCredentials = (failures: number) => triesLeft('LOGIN_USERNAME_OR_PASSWORD_ERROR', failures);

/** A refused password with the tries left before the account is suspended. */
const triesLeft = (codeKey: 'LOGIN_USERNAME_OR_PASSWORD_ERROR' | 'USER_PASSWORD_ERROR', failures: number) =>
  new AppError(codeKey, undefined, { remaining: Math.max(MAX_FAILED_LOGINS - failures, 0) });

export class AccountService {
  /** The console asks for selfInfo on every navigation: it is served from memory like the session itself. */
  private readonly selfInfoCache = new TtlCache<number, StoredSelfInfo>(NODE_CACHE_MS);
  /** List totals per scope and filters: paging through a list does not count it again (cleared by every account write here). */
  private readonly listTotals = new TtlCache<string, number>(NODE_CACHE_MS);

  constructor(
    private readonly db: Db,
    private readonly captcha: Captcha,
    private readonly sessions: Sessions,
    private readonly orgs: OrgService,
    private readonly googleAuth: GoogleAuth,
    private readonly counters: Counters,
  ) {}

  /**
   * SPEC sections 4 and 5: the username is trimmed; the robot check comes first so guessing stays expensive;
   * five wrong passwords in a row suspend the account until an admin enables it again.
   *
   * Whether a username exists is never told (issue 15, docs/decisions.md): an unknown username and a wrong password
   * get the same answer, with the same count of attempts left, and cost the same password hash. A username that does
   * not exist is "suspended" after five tries like an account, and an account suspended by an admin is named so
   * only to a caller who knows its password.
   */
  async login({ username, password, code }: LoginBody, witness: ActorWitness, browserZone?: string): Promise<LoginResult> {
    if (!(await this.captcha.check(code))) throw new AppError('CAPTCHA_CHECK_ERROR');
    const name = username.trim();
    const row = await findByUsername(this.db, name);
    witness(row ? actorOf(row) : { accountId: null, username: name, role: null, agentId: null, companyId: null, fleetId: null });
    const matches = await verifyPassword(row?.passwordHash, password);
    if (!row) return this.refuseUnknown(name);
    // The Super Admin is never suspended: nobody could enable it again (docs/decisions.md).
    if (row.role !== 'SUPER_ADMIN' && row.failedLogins >= MAX_FAILED_LOGINS) throw new AppError('USER_HAD_BEEN_BAN');
    if (!matches) return this.countWrongPassword(row, wrongCredentials);
    return this.admit(row, true, browserZone);
  }

  /**
   * Lets in an account whose identity is proven (its password, or its company's single sign-on): the refusals every
   * way in shares, then a session, or with Google Authenticator bound the ticket of the second step. `clearsFailures`:
   * the proof was the password, so the count of wrong ones starts again. `browserZone`: the console's, kept by an
   * account that has none (SPEC section 9).
   */
  async admit(row: AccountRow, clearsFailures: boolean, browserZone?: string): Promise<LoginResult> {
    if (row.state !== 'usable') throw new AppError('USER_HAD_BEEN_BAN');
    if (row.expireTime && row.expireTime.getTime() <= Date.now()) throw new AppError('USER_HAD_BEEN_EXPIRE');
    if (await this.orgs.forbiddenAbove(row)) throw new AppError('ORG_HAD_BEEN_BAN');
    // SPEC section 1: a normal user has no access right to the server.
    if (row.role === 'NORMAL_USER') throw new AppError('PERMISSION_ROLE_FAIL');
    // With Google Authenticator bound, the session waits for the code of the second step.
    if (row.mfaBoundAt) return { token: null, mfaTicket: await this.sessions.create(row.id, true) };
    const token = await this.sessions.create(row.id);
    await recordLogin(this.db, row.id, clearsFailures, browserZone);
    if (browserZone && !row.timeZone) this.forgetSelfInfo(row.id);
    return { token };
  }

  /**
   * Counts a wrong password of a known account (at login, or asked again in a session): the fifth in a row suspends
   * the account and ends its sessions; before that the caller's refusal says how many tries are left.
   */
  private async countWrongPassword(row: AccountRow, refusal: (failures: number) => AppError): Promise<never> {
    const failures = await recordFailedLogin(this.db, row.id);
    if (failures < MAX_FAILED_LOGINS || row.role === 'SUPER_ADMIN') throw refusal(failures);
    await this.db.update(account).set({ state: 'disabled' }).where(eq(account.id, row.id));
    await this.sessions.revokeAccounts(eq(account.id, row.id));
    throw new AppError('USER_PASSWORD_ERROR_5_TIMES');
  }

  /** A username no account has: counted like an account's wrong passwords (shared by the nodes, for a day). */
  private async refuseUnknown(username: string): Promise<never> {
    const failures = await this.counters.increment(`unknown-login:${username.toLowerCase()}`, UNKNOWN_USERNAME_COUNT_MS);
    if (failures < MAX_FAILED_LOGINS) throw wrongCredentials(failures);
    throw new AppError(failures === MAX_FAILED_LOGINS ? 'USER_PASSWORD_ERROR_5_TIMES' : 'USER_HAD_BEEN_BAN');
  }

  /** The second step (`POST /v1/account/mfa/login/google`): five wrong codes end the pending login. */
  async loginWithGoogle({ ticket, code }: GoogleLoginBody, witness: ActorWitness, browserZone?: string): Promise<LoginResult> {
    const accountId = await this.sessions.pendingAccount(ticket);
    if (accountId === undefined) throw new AppError('GOOGLE_AUTH_FAIL');
    const row = await findById(this.db, accountId);
    if (row) witness(actorOf(row));
    try {
      await this.googleAuth.verify(accountId, code);
    } catch (error) {
      await this.sessions.failMfa(ticket);
      throw error;
    }
    await this.sessions.completeMfa(ticket);
    await recordLogin(this.db, accountId, true, browserZone);
    if (browserZone && !row?.timeZone) this.forgetSelfInfo(accountId);
    return { token: ticket };
  }

  async paramSetting(principal: Principal): Promise<ParamSetting> {
    const row = await this.own(principal);
    return { emailNotifications: true, ...(row.paramSetting as ParamSetting | null) };
  }

  async setParamSetting(principal: Principal, changes: ParamSetting): Promise<void> {
    const current = await this.paramSetting(principal);
    await this.db
      .update(account)
      .set({ paramSetting: { ...current, ...changes } })
      .where(eq(account.id, principal.accountId));
  }

  async selfInfo(accountId: number): Promise<StoredSelfInfo> {
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
    this.listTotals.clear();
  }

  /** Accounts the caller manages, newest first. */
  async list(principal: Principal, query: AccountListQuery): Promise<Page<AccountRecord>> {
    const { page: _page, limit: _limit, ...filters } = query;
    const key = JSON.stringify([principal.role, principal.agentId, principal.companyId, principal.fleetId, filters]);
    const result = await listAccounts(this.db, principal, query, this.listTotals.get(key));
    this.listTotals.set(key, result.total);
    return result;
  }

  /** One account the caller manages. */
  async info(principal: Principal, uid: number): Promise<AccountRecord> {
    const record = await findAccountRecord(this.db, principal, uid);
    if (!record) throw outOfScope(principal, 'USER_NOT_EXIST');
    return record;
  }

  /** `POST /v1/account/register/{level}`: a new account inside the caller's scope, further down the chain. */
  async register(principal: Principal, level: AccountLevel, body: RegisterBody): Promise<{ id: number }> {
    const username = body.username.trim();
    checkContact(body);
    checkUsername(username, body);
    checkNewPassword(body.password, body.rePassword, body);
    const expireTime = checkExpireTime(body.expireTime);
    const kind = levelOrgKind[level];
    if (kind && body.orgId === undefined) throw new AppError('PARAM_CHECK_FAIL', 'orgId', { field: 'orgId' });
    const home = kind && body.orgId !== undefined ? await this.orgs.visible(this.db, principal, kind, body.orgId) : undefined;
    try {
      const [created] = await this.db
        .insert(account)
        .values({
          username,
          passwordHash: await hashPassword(body.password),
          role: levelRole[level],
          ...profileOf(body),
          expireTime: expireTime ?? null,
          // SPEC section 4: an account someone else created changes its password at first login.
          firstTimeLogin: true,
          createdBy: principal.accountId,
          belongAgentId: home?.belongAgentId ?? null,
          belongCompanyId: home?.belongCompanyId ?? null,
          belongFleetId: home?.belongFleetId ?? null,
          belongSiteId: kind === 'site' ? (home?.id ?? null) : null,
        })
        .returning({ id: account.id });
      if (!created) throw new AppError('ACTION_FAIL_RETRY');
      this.listTotals.clear();
      return { id: created.id };
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('USERNAME_EXIST');
      throw error;
    }
  }

  async update(principal: Principal, body: AccountUpdateBody, only?: SQL): Promise<void> {
    const row = await findManaged(this.db, principal, body.uid, only);
    const contact = { phone: body.phone === undefined ? row.phone : body.phone, email: body.email === undefined ? row.email : body.email };
    checkContact(contact);
    checkUsername(row.username, contact);
    const expireTime = checkExpireTime(body.expireTime);
    await this.db
      .update(account)
      .set({ ...profileOf(body), expireTime })
      .where(eq(account.id, row.id));
    this.forgetSelfInfo(row.id);
  }

  async updateSelf(principal: Principal, body: SelfUpdateBody): Promise<void> {
    const row = await this.own(principal);
    const contact = { phone: body.phone === undefined ? row.phone : body.phone, email: body.email === undefined ? row.email : body.email };
    checkContact(contact);
    checkUsername(row.username, contact);
    await this.db.update(account).set(profileOf(body)).where(eq(account.id, row.id));
    this.forgetSelfInfo(row.id);
    // The language of the principal follows the account's.
    this.sessions.forgetCached();
  }

  /** Disabling ends the account's sessions; enabling also lifts a suspension after wrong passwords. */
  async setState(principal: Principal, { uid, state }: AccountStateBody, only?: SQL): Promise<void> {
    const row = await findManaged(this.db, principal, uid, only);
    await this.db
      .update(account)
      .set(state === 'usable' ? { state, failedLogins: 0 } : { state })
      .where(eq(account.id, row.id));
    if (state === 'disabled') await this.sessions.revokeAccounts(eq(account.id, row.id));
    this.listTotals.clear();
  }

  async remove(principal: Principal, uid: number, only?: SQL): Promise<void> {
    const row = await findManaged(this.db, principal, uid, only);
    await this.sessions.revokeAccounts(eq(account.id, row.id));
    await this.db.delete(account).where(eq(account.id, row.id));
    this.forgetSelfInfo(row.id);
  }

  /** An admin sets a new password; the owner must change it at the next login. */
  async resetPassword(principal: Principal, { uid, password, rePassword }: PasswordResetBody, only?: SQL): Promise<void> {
    const row = await findManaged(this.db, principal, uid, only);
    checkNewPassword(password, rePassword, row);
    await this.db
      .update(account)
      .set({ passwordHash: await hashPassword(password), firstTimeLogin: true, failedLogins: 0 })
      .where(eq(account.id, row.id));
    await this.sessions.revokeAccounts(eq(account.id, row.id));
    this.forgetSelfInfo(row.id);
  }

  /** The Super Admin's calls on the super assistants: the same as on other accounts, but they reach assistants only. */
  setAssistantState(principal: Principal, { id, state }: AssistantStateBody): Promise<void> {
    return this.setState(principal, { uid: id, state }, assistantsOnly);
  }

  removeAssistant(principal: Principal, id: number): Promise<void> {
    return this.remove(principal, id, assistantsOnly);
  }

  resetAssistantPassword(principal: Principal, { id, ...passwords }: AssistantPasswordBody): Promise<void> {
    return this.resetPassword(principal, { uid: id, ...passwords }, assistantsOnly);
  }

  /** The owner changes its password: the first-login flag clears and every other session of the account ends. */
  async changePassword(principal: Principal, { oldPassword, password, rePassword }: PasswordChangeBody): Promise<void> {
    const row = await this.confirmPassword(principal, oldPassword);
    checkNewPassword(password, rePassword, row);
    if (password === oldPassword) throw new AppError('PASSWORD_VALIDATE_FAIL');
    await this.db.transaction(async (tx) => {
      await tx
        .update(account)
        .set({ passwordHash: await hashPassword(password), firstTimeLogin: false })
        .where(eq(account.id, row.id));
      await tx.delete(session).where(and(eq(session.accountId, row.id), ne(session.tokenHash, principal.tokenHash)));
    });
    this.sessions.forgetCached();
    this.forgetSelfInfo(row.id);
  }

  /** `DELETE /v1/account/self?pwd=`: the password arrives base64-encoded (SPEC section 5). */
  async deleteSelf(principal: Principal, encodedPassword: string): Promise<void> {
    const row = await this.confirmPassword(principal, Buffer.from(encodedPassword, 'base64').toString('utf8'));
    // The platform keeps its Super Admin.
    if (row.role === 'SUPER_ADMIN') throw new AppError('PERMISSION_CHECK_FAIL');
    await this.sessions.revokeAccounts(eq(account.id, row.id));
    await this.db.delete(account).where(eq(account.id, row.id));
    this.forgetSelfInfo(row.id);
  }

  /**
   * `POST /v1/account/identify`: the password again, and for IDENTITY_MS the session may make the calls declared
   * `identified` (SPEC section 6 "a role must be selected after login": it confirms the role the session acts in).
   */
  async identify(principal: Principal, { password }: IdentifyBody): Promise<Identity> {
    const row = await this.confirmPassword(principal, password);
    const identifiedAt = await this.sessions.identify(principal.tokenHash);
    return { role: row.role as Role, identifiedUntil: identifiedAt + IDENTITY_MS };
  }

  /**
   * The signed-in account's password, asked again: a wrong one counts towards the five that suspend the account,
   * as at login, so a session left open is no way to guess it; a right one clears the count.
   */
  private async confirmPassword(principal: Principal, password: string): Promise<AccountRow> {
    const row = await this.own(principal);
    if (await verifyPassword(row.passwordHash, password)) {
      if (row.failedLogins > 0) await clearFailedLogins(this.db, row.id);
      return row;
    }
    return this.countWrongPassword(row, (failures) => triesLeft('USER_PASSWORD_ERROR', failures));
  }

  private async own(principal: Principal) {
    const row = await findById(this.db, principal.accountId);
    if (!row) throw new AppError('PERMISSION_TOKEN_FAIL');
    return row;
  }
}

/** The operation log's actor of an account. */
export function actorOf(row: AccountRow): Actor {
  return {
    accountId: row.id,
    username: row.username,
    role: row.role,
    agentId: row.belongAgentId,
    companyId: row.belongCompanyId,
    fleetId: row.belongFleetId,
  };
}

/** The profile columns a body sets; fields it leaves out stay as they are. Refuses a time zone no engine knows. */
function profileOf(body: SelfUpdateBody) {
  const timeZone = checkTimeZone(body.timeZone);
  return {
    realName: body.realName,
    phone: body.phone,
    fixedTel: body.fixedTel,
    email: body.email,
    language: body.language,
    timeZone,
    address: body.address,
  };
}
