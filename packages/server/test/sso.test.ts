import { randomBytes } from 'node:crypto';
import { accountApi, credentialApi, orgApi, type SsoConfigBody, type SsoLoginBody, ssoApi } from '@safety-shield/contract';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { account, operationLog, ssoConfig } from '../src/db/schema.js';
import { totpCode } from '../src/modules/account/totp.js';
import { call, callUnchecked } from './api-client.js';
import { addAccount, appWithTrees, signedIn } from './identity-fixtures.js';
import { authorizeAt, startTestProvider } from './oidc-fixture.js';

/**
 * Single sign-on (issue 15) against a real OpenID provider (oidc-provider) on a loopback port: the portal's redirect
 * URI is PUBLIC_URL's /auth-redirect, which the browser (here `authorizeAt`) would open.
 */
const PUBLIC_URL = 'http://portal.test';
const provider = await startTestProvider(`${PUBLIC_URL}/auth-redirect`);
const { ctx, admin, mine, theirs } = await appWithTrees({ mine: 'Mine', theirs: 'Theirs' }, { publicUrl: PUBLIC_URL });
afterAll(async () => {
  await ctx.close();
  await provider.close();
});

const setting = (over: Partial<SsoConfigBody> = {}): SsoConfigBody => ({
  id: mine.company,
  name: 'mine-sso',
  issuer: provider.issuer,
  clientId: provider.client.clientId,
  clientSecret: provider.client.clientSecret,
  enabled: true,
  ...over,
});

/** Starts a sign-in at the portal and lets the provider sign in `who`: answers what it sent back to /auth-redirect. */
async function throughProvider(who: string, name = 'mine-sso') {
  provider.signInAs = who;
  const started = await call(ctx, undefined, ssoApi.start, { name });
  expect(started.codeKey).toBe('REQUEST_SUCCESS');
  return authorizeAt(started.data.url);
}

/** Posts what the provider put on /auth-redirect, as it came (its code, state and iss). */
const finish = (answer: Record<string, string>) => call(ctx, undefined, ssoApi.login, answer as SsoLoginBody);

// People at the provider, and the accounts of the company "Mine" they may match.
provider.users = {
  alice: { email: 'Alice@Example.com', emailVerified: true },
  bob: { email: 'bob@example.com', emailVerified: false },
  carol: { email: 'carol@example.com', emailVerified: true },
  twins: { email: 'twins@example.com', emailVerified: true },
  nomail: {},
};
const alice = await addAccount(ctx, 'alice.fleet', 'FLEET_ADMIN', mine);
const setEmail = (id: number, email: string) => ctx.database.db.update(account).set({ email }).where(eq(account.id, id));
await setEmail(alice, 'alice@example.com');
await setEmail(await addAccount(ctx, 'twin.one', 'FLEET_ADMIN', mine), 'twins@example.com');
await setEmail(await addAccount(ctx, 'twin.two', 'SITE_ADMIN', mine), 'twins@example.com');
// Carol's address belongs to an account of another company: a company's provider reaches only its own accounts.
await setEmail(await addAccount(ctx, 'carol.theirs', 'FLEET_ADMIN', theirs), 'carol@example.com');

describe('the company setting', () => {
  it('is saved by the Super Admin after discovery; the secret is sealed and never answered', async () => {
    expect((await call(ctx, admin, ssoApi.saveConfig, setting())).codeKey).toBe('REQUEST_SUCCESS');
    const read = await call(ctx, admin, ssoApi.config, { id: mine.company });
    expect(read.data).toEqual({
      companyId: mine.company,
      configured: true,
      name: 'mine-sso',
      issuer: provider.issuer,
      clientId: provider.client.clientId,
      secretSet: true,
      enabled: true,
      redirectUri: `${PUBLIC_URL}/auth-redirect`,
    });
    expect(read.res.body).not.toContain(provider.client.clientSecret);
    const [stored] = await ctx.database.db.select().from(ssoConfig).where(eq(ssoConfig.companyId, mine.company));
    expect(stored?.clientSecret).not.toContain(provider.client.clientSecret);
    // Saving again without a secret keeps the one set.
    const { clientSecret: _secret, ...withoutSecret } = setting();
    expect((await call(ctx, admin, ssoApi.saveConfig, withoutSecret)).codeKey).toBe('REQUEST_SUCCESS');
  });

  it('is kept by the company’s own Agent Admin; another organisation’s admins get PERMISSION_CHECK_FAIL', async () => {
    const ours = await signedIn(ctx, 'sso.agent', 'AGENT_ADMIN', mine);
    expect((await call(ctx, ours.token, ssoApi.config, { id: mine.company })).data.secretSet).toBe(true);
    const other = await signedIn(ctx, 'sso.other.agent', 'AGENT_ADMIN', theirs);
    const company = await signedIn(ctx, 'sso.company', 'COMPANY_ADMIN', mine);
    for (const token of [other.token, company.token]) {
      expect(await call(ctx, token, ssoApi.config, { id: mine.company })).toMatchObject({
        status: 403,
        codeKey: 'PERMISSION_CHECK_FAIL',
      });
      expect(await call(ctx, token, ssoApi.saveConfig, setting({ name: 'hijack' }))).toMatchObject({
        codeKey: 'PERMISSION_CHECK_FAIL',
      });
      expect(await call(ctx, token, ssoApi.removeConfig, { id: mine.company })).toMatchObject({
        codeKey: 'PERMISSION_CHECK_FAIL',
      });
    }
    expect((await call(ctx, admin, ssoApi.config, { id: mine.company })).data.name).toBe('mine-sso');
  });

  it('refuses an unreachable provider, a plain-http issuer elsewhere, a first save without secret and a taken name', async () => {
    const closed = await startTestProvider('http://unused.test/auth-redirect');
    await closed.close();
    expect(
      (await call(ctx, admin, ssoApi.saveConfig, setting({ id: theirs.company, name: 'theirs', issuer: closed.issuer }))).codeKey,
    ).toBe('SSO_PROVIDER_UNREACHABLE');
    const insecure = await call(
      ctx,
      admin,
      ssoApi.saveConfig,
      setting({ id: theirs.company, name: 'theirs', issuer: 'http://idp.example.com' }),
    );
    expect(insecure).toMatchObject({ codeKey: 'PARAM_CHECK_FAIL', data: { field: 'issuer' } });
    const { clientSecret: _secret, ...withoutSecret } = setting({ id: theirs.company, name: 'theirs' });
    expect(await call(ctx, admin, ssoApi.saveConfig, withoutSecret)).toMatchObject({
      codeKey: 'PARAM_CHECK_FAIL',
      data: { field: 'clientSecret' },
    });
    const taken = await call(ctx, admin, ssoApi.saveConfig, setting({ id: theirs.company, name: 'MINE-SSO' }));
    expect(taken).toMatchObject({ codeKey: 'PARAM_CHECK_FAIL', data: { field: 'name' } });
    expect((await call(ctx, admin, ssoApi.config, { id: theirs.company })).data.configured).toBe(false);
  });
});

describe('signing in', () => {
  it('starts with PKCE S256, state and nonce, and ends in a session of the account with the verified e-mail', async () => {
    provider.signInAs = 'alice';
    const started = await call(ctx, undefined, ssoApi.start, { name: 'MINE-SSO' });
    const url = new URL(started.data.url);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/auth-redirect`);
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    const answer = await authorizeAt(url.href);
    const result = await finish(answer);
    expect(result).toMatchObject({ status: 200, data: { token: expect.any(String) } });
    const self = await call(ctx, result.data.token ?? undefined, accountApi.selfInfo);
    expect(self.data.baseInfo.username).toBe('alice.fleet');
    const [line] = await ctx.database.db.select().from(operationLog).where(eq(operationLog.action, 'account.login.sso'));
    expect(line).toMatchObject({ username: 'alice.fleet', result: 'REQUEST_SUCCESS' });

    // The same answer again: the state was used.
    expect(await finish(answer)).toMatchObject({ status: 401, codeKey: 'SSO_STATE_FAIL' });
  });

  it('refuses a forged state without spending the real one', async () => {
    const answer = await throughProvider('alice');
    expect((await finish({ ...answer, state: randomBytes(32).toString('base64url') })).codeKey).toBe('SSO_STATE_FAIL');
    expect((await finish(answer)).data.token).toEqual(expect.any(String));
  });

  it('refuses an ID token for another audience, an expired one and one with another nonce', async () => {
    const now = Math.floor(Date.now() / 1000);
    const tampers = [
      (claims: Record<string, unknown>) => ({ ...claims, aud: 'another-client' }),
      (claims: Record<string, unknown>) => ({ ...claims, iat: now - 7200, exp: now - 3600 }),
      (claims: Record<string, unknown>) => ({ ...claims, nonce: 'not-the-one' }),
      (claims: Record<string, unknown>) => ({ ...claims, iss: 'https://impostor.example.com' }),
    ];
    try {
      // The control: the same re-signing with the claims untouched is accepted.
      provider.tamperIdToken = (claims) => claims;
      expect((await finish(await throughProvider('alice'))).data.token).toEqual(expect.any(String));
      for (const tamper of tampers) {
        provider.tamperIdToken = tamper;
        expect((await finish(await throughProvider('alice'))).codeKey).toBe('SSO_TOKEN_FAIL');
      }
    } finally {
      provider.tamperIdToken = undefined;
    }
  });

  it('refuses an expired code, and a code with the state of another sign-in (PKCE)', async () => {
    provider.codeTtl = 1;
    try {
      const answer = await throughProvider('alice');
      await new Promise((resolve) => setTimeout(resolve, 2100));
      expect((await finish(answer)).codeKey).toBe('SSO_TOKEN_FAIL');
    } finally {
      provider.codeTtl = 60;
    }
    const first = await throughProvider('alice');
    const second = await throughProvider('alice');
    expect((await finish({ ...first, state: second.state ?? '' })).codeKey).toBe('SSO_TOKEN_FAIL');
  });

  it('requires a verified e-mail and exactly one account of the company with it, never creating one', async () => {
    const before = await ctx.database.db.$count(account);
    expect((await finish(await throughProvider('bob'))).codeKey).toBe('SSO_EMAIL_NOT_VERIFIED');
    expect((await finish(await throughProvider('nomail'))).codeKey).toBe('SSO_EMAIL_NOT_VERIFIED');
    expect(await finish(await throughProvider('carol'))).toMatchObject({
      status: 403,
      codeKey: 'SSO_ACCOUNT_NOT_MATCHED',
      data: { reason: 'none' },
    });
    expect(await finish(await throughProvider('twins'))).toMatchObject({ codeKey: 'SSO_ACCOUNT_NOT_MATCHED', data: { reason: 'several' } });
    expect(await ctx.database.db.$count(account)).toBe(before);
    const [refused] = await ctx.database.db.select().from(operationLog).where(eq(operationLog.username, 'carol@example.com'));
    expect(refused).toMatchObject({ action: 'account.login.sso', result: 'SSO_ACCOUNT_NOT_MATCHED', belongCompanyId: mine.company });
  });

  it('applies the password login’s refusals: suspended, expired, normal user, forbidden organisation', async () => {
    const cases: [string, () => Promise<unknown>, string][] = [
      ['disabled', () => ctx.database.db.update(account).set({ state: 'disabled' }).where(eq(account.id, alice)), 'USER_HAD_BEEN_BAN'],
      [
        'expired',
        () =>
          ctx.database.db
            .update(account)
            .set({ expireTime: new Date(Date.now() - 1000) })
            .where(eq(account.id, alice)),
        'USER_HAD_BEEN_EXPIRE',
      ],
      [
        'normal user',
        () => ctx.database.db.update(account).set({ role: 'NORMAL_USER' }).where(eq(account.id, alice)),
        'PERMISSION_ROLE_FAIL',
      ],
      ['forbidden fleet', () => call(ctx, admin, orgApi.fleetSetState, { id: mine.fleet, state: 'forbidden' }), 'ORG_HAD_BEEN_BAN'],
    ];
    for (const [, change, codeKey] of cases) {
      await change();
      expect((await finish(await throughProvider('alice'))).codeKey).toBe(codeKey);
      await ctx.database.db.update(account).set({ state: 'usable', expireTime: null, role: 'FLEET_ADMIN' }).where(eq(account.id, alice));
      await call(ctx, admin, orgApi.fleetSetState, { id: mine.fleet, state: 'enabled' });
    }
    expect((await finish(await throughProvider('alice'))).data.token).toEqual(expect.any(String));
  });

  it('takes the Google Authenticator step of an account that bound it', async () => {
    const user = await signedIn(ctx, 'dora.fleet', 'FLEET_ADMIN', mine);
    await setEmail(user.id, 'dora@example.com');
    provider.users.dora = { email: 'dora@example.com', emailVerified: true };
    const { secret = '' } = (await call(ctx, user.token, credentialApi.googleAuth)).data;
    expect((await call(ctx, user.token, credentialApi.bindGoogle, { code: totpCode(secret) })).codeKey).toBe('REQUEST_SUCCESS');
    const first = await finish(await throughProvider('dora'));
    expect(first.data).toEqual({ token: null, mfaTicket: expect.any(String) });
    // The ticket opens nothing by itself.
    const ticket = first.data.mfaTicket ?? '';
    expect((await call(ctx, ticket, accountApi.selfInfo)).codeKey).toBe('PERMISSION_TOKEN_FAIL');
    const step = Math.floor(Date.now() / 30_000) + 1;
    const second = await call(ctx, undefined, accountApi.loginWithGoogle, { ticket, code: totpCode(secret, step) });
    expect(second.data.token).toBe(ticket);
  });

  it('answers SSO_NOT_AVAILABLE for an unknown or disabled name, and for a state whose setting was switched off', async () => {
    expect(await call(ctx, undefined, ssoApi.start, { name: 'nobody-here' })).toMatchObject({ status: 404, codeKey: 'SSO_NOT_AVAILABLE' });
    const answer = await throughProvider('alice');
    await call(ctx, admin, ssoApi.saveConfig, setting({ enabled: false }));
    expect((await call(ctx, undefined, ssoApi.start, { name: 'mine-sso' })).codeKey).toBe('SSO_NOT_AVAILABLE');
    expect((await finish(answer)).codeKey).toBe('SSO_NOT_AVAILABLE');
    await call(ctx, admin, ssoApi.saveConfig, setting());
  });

  it('never answers 500 to hostile input', async () => {
    const bodies = [
      [ssoApi.start, {}],
      [ssoApi.start, { name: 'a\u0000b' }],
      [ssoApi.start, { name: 'x'.repeat(10_000) }],
      [ssoApi.login, {}],
      [ssoApi.login, { code: 'x', state: '\u0000' }],
      [ssoApi.login, { code: 'x'.repeat(5000), state: 'y' }],
      [ssoApi.login, { code: 'x', state: 'y', iss: '\ud800' }],
    ] as const;
    // Hostile input, some of which the declarations would refuse to type.
    for (const [endpoint, body] of bodies)
      expect(await callUnchecked(ctx, undefined, endpoint, body), endpoint.path).toMatchObject({
        status: 400,
        codeKey: 'PARAM_CHECK_FAIL',
      });
    expect((await finish({ code: 'x', state: 'y', iss: 'not a url' })).codeKey).toBe('SSO_STATE_FAIL');
    expect((await call(ctx, admin, ssoApi.config, { id: 99999999999 })).status).toBe(400);
    expect((await call(ctx, admin, ssoApi.config, { id: 999999 })).codeKey).toBe('ORG_NOT_EXIST');
    expect((await call(ctx, admin, ssoApi.saveConfig, setting({ issuer: 'not a url at all' }))).codeKey).toBe('PARAM_CHECK_FAIL');
  });
});
