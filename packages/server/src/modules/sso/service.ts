import type { LoginResult, SsoConfig, SsoConfigBody, SsoLoginBody, SsoStartResult } from '@safety-shield/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import * as oidc from 'openid-client';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { ssoConfig, ssoLogin } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import type { Principal } from '../../http/principal.js';
import { hashToken } from '../../http/tokens.js';
import type { AccountRow } from '../account/index.js';
import { type AccountService, actorOf } from '../account/index.js';
import type { ActorWitness } from '../logs/index.js';
import type { OrgService } from '../orgs/index.js';
import type { Sealer } from '../system/index.js';
import { checkedIssuer, discover, ProviderCache } from './provider.js';
import { accountsOfCompanyByEmail, dropExpired, findConfig, findConfigOf, type SsoConfigRow, takePending } from './repo.js';

/** A sign-in sent to the provider must come back within ten minutes. */
export const SSO_PENDING_MS = 10 * 60_000;

/**
 * Single sign-on with each company's OpenID provider (authorization code flow with PKCE S256, state and nonce).
 * Accounts are matched by the e-mail the provider verified, inside the company, and never created; the refusals of
 * the password login apply, and an account with Google Authenticator bound still takes its second step.
 */
export class SsoService {
  private readonly providers = new ProviderCache();

  constructor(
    private readonly db: Db,
    private readonly sealer: Sealer,
    private readonly accounts: AccountService,
    private readonly orgs: OrgService,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** `POST /v1/account/sso/start`: nothing about accounts is looked at, so the answer tells nothing about them. */
  async start(name: string, redirectUri: string): Promise<SsoStartResult> {
    const found = await findConfigOf(this.db, eq(sql`lower(${ssoConfig.name})`, name.toLowerCase()));
    if (!found?.config.enabled) throw new AppError('SSO_NOT_AVAILABLE');
    const config = await this.client(found.config);
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    await dropExpired(this.db);
    await this.db.insert(ssoLogin).values({
      stateHash: hashToken(state),
      companyId: found.config.companyId,
      codeVerifier: this.sealer.seal(verifier),
      nonce,
      redirectUri,
      expiresAt: new Date(Date.now() + SSO_PENDING_MS),
    });
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: redirectUri,
      scope: 'openid email',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url: url.href };
  }

  /** `POST /v1/account/sso/login`: the provider's answer, checked, turned into a session like the password login's. */
  async login({ code, state, iss }: SsoLoginBody, witness: ActorWitness, browserZone?: string): Promise<LoginResult> {
    const pending = await takePending(this.db, hashToken(state));
    if (!pending || pending.expiresAt.getTime() <= Date.now()) throw new AppError('SSO_STATE_FAIL');
    const found = await findConfigOf(this.db, eq(ssoConfig.companyId, pending.companyId));
    if (!found?.config.enabled) throw new AppError('SSO_NOT_AVAILABLE');
    const row = found.config;
    const email = await this.verifiedEmail(await this.client(row), pending, { code, state, iss });
    const matches = await accountsOfCompanyByEmail(this.db, row.companyId, email);
    const [account] = matches;
    if (!account || matches.length > 1) {
      // A refused sign-in is logged in the company's scope, so its admins see it.
      witness({ accountId: null, username: email, role: null, agentId: found.agentId, companyId: row.companyId, fleetId: null });
      throw new AppError('SSO_ACCOUNT_NOT_MATCHED', undefined, { reason: account ? 'several' : 'none' });
    }
    return this.signIn(account, witness, browserZone);
  }

  /** The password login's refusals and second step (AccountService.admit); the provider's word leaves the count of wrong passwords alone. */
  private signIn(row: AccountRow, witness: ActorWitness, browserZone?: string): Promise<LoginResult> {
    witness(actorOf(row));
    return this.accounts.admit(row, false, browserZone);
  }

  /** A company's setting as its admins see it; PERMISSION_CHECK_FAIL outside the caller's scope. */
  async config(principal: Principal, companyId: number, redirectUri: string): Promise<SsoConfig> {
    await this.orgs.visible(this.db, principal, 'company', companyId);
    const row = await findConfig(this.db, companyId);
    return {
      companyId,
      configured: row !== undefined,
      name: row?.name ?? null,
      issuer: row?.issuer ?? null,
      clientId: row?.clientId ?? null,
      secretSet: row !== undefined,
      enabled: row?.enabled ?? false,
      redirectUri,
    };
  }

  /** Saves a company's provider once its discovery answers for these settings (SSO_PROVIDER_UNREACHABLE otherwise). */
  async saveConfig(principal: Principal, body: SsoConfigBody): Promise<void> {
    await this.orgs.visible(this.db, principal, 'company', body.id);
    const issuer = body.issuer.trim();
    checkedIssuer(issuer);
    const current = await findConfig(this.db, body.id);
    const clientSecret = body.clientSecret ?? (current && this.sealer.open(current.clientSecret));
    if (!clientSecret) throw new AppError('PARAM_CHECK_FAIL', 'clientSecret', { field: 'clientSecret' });
    const clientId = body.clientId.trim();
    try {
      await discover({ issuer, clientId, clientSecret });
    } catch (error) {
      if (error instanceof AppError) throw error;
      this.log.warn({ err: error }, 'single sign-on discovery failed');
      throw new AppError('SSO_PROVIDER_UNREACHABLE');
    }
    const values = {
      name: body.name,
      issuer,
      clientId,
      clientSecret: this.sealer.seal(clientSecret),
      enabled: body.enabled,
      updatedAt: new Date(),
      updatedBy: principal.accountId,
    };
    try {
      await this.db
        .insert(ssoConfig)
        .values({ companyId: body.id, ...values })
        .onConflictDoUpdate({ target: ssoConfig.companyId, set: values });
    } catch (error) {
      // Another company uses this sign-in name.
      if (isUniqueViolation(error)) throw new AppError('PARAM_CHECK_FAIL', 'name', { field: 'name', reason: 'taken' });
      throw error;
    }
    this.providers.forget(body.id);
  }

  async removeConfig(principal: Principal, companyId: number): Promise<void> {
    await this.orgs.visible(this.db, principal, 'company', companyId);
    await this.db.delete(ssoConfig).where(eq(ssoConfig.companyId, companyId));
    await this.db.delete(ssoLogin).where(eq(ssoLogin.companyId, companyId));
    this.providers.forget(companyId);
  }

  /** The provider's configuration; an unreachable provider is SSO_PROVIDER_UNREACHABLE. */
  private async client(row: SsoConfigRow): Promise<oidc.Configuration> {
    const version = `${row.issuer}\n${row.clientId}\n${row.updatedAt.getTime()}`;
    try {
      return await this.providers.get(row.companyId, version, {
        issuer: row.issuer,
        clientId: row.clientId,
        clientSecret: this.sealer.open(row.clientSecret),
      });
    } catch (error) {
      this.log.warn({ err: error }, 'single sign-on discovery failed');
      throw new AppError('SSO_PROVIDER_UNREACHABLE');
    }
  }

  /**
   * Exchanges the code (with the PKCE verifier) and validates the ID token through openid-client: signature, issuer,
   * audience = client id, nonce, expiry. The e-mail comes from the ID token, else from the user info; it must be verified.
   */
  private async verifiedEmail(
    config: oidc.Configuration,
    pending: { codeVerifier: string; nonce: string; redirectUri: string },
    answer: SsoLoginBody,
  ) {
    const callback = new URL(pending.redirectUri);
    callback.search = new URLSearchParams({
      code: answer.code,
      state: answer.state,
      ...(answer.iss ? { iss: answer.iss } : {}),
    }).toString();
    let claims: oidc.IDToken | undefined;
    let accessToken: string;
    try {
      const tokens = await oidc.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: this.sealer.open(pending.codeVerifier),
        expectedState: answer.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      claims = tokens.claims();
      accessToken = tokens.access_token;
    } catch (error) {
      this.log.info({ err: error, code: (error as { code?: unknown }).code }, 'single sign-on answer refused');
      throw new AppError('SSO_TOKEN_FAIL');
    }
    if (!claims) throw new AppError('SSO_TOKEN_FAIL');
    let { email, email_verified: verified } = claims;
    if (typeof email !== 'string') {
      try {
        ({ email, email_verified: verified } = await oidc.fetchUserInfo(config, accessToken, claims.sub));
      } catch (error) {
        this.log.info({ err: error }, 'single sign-on user info refused');
        throw new AppError('SSO_TOKEN_FAIL');
      }
    }
    // Some providers send the flag as text.
    if (typeof email !== 'string' || email === '' || (verified !== true && verified !== 'true'))
      throw new AppError('SSO_EMAIL_NOT_VERIFIED');
    return email;
  }
}
