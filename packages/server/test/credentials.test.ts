import { accountApi, credentialApi, IDENTITY_MS, orgApi } from '@safety-shield/contract';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { account, session } from '../src/db/schema.js';
import { hashToken } from '../src/http/tokens.js';
import { base32Encode, matchTotp, totpCode, totpStep } from '../src/modules/account/totp.js';
import { call, callUnchecked } from './api-client.js';
import { login, solveCaptcha } from './helpers.js';
import { appWithTrees, GOOD_PASSWORD, newApiToken, signedIn } from './identity-fixtures.js';

const { ctx, tree } = await appWithTrees({ tree: 'Cred' });
afterAll(() => ctx.close());

describe('TOTP', () => {
  // RFC 6238 appendix B, SHA-1 seed "12345678901234567890", last 6 digits.
  it.each([
    [59, '287082'],
    [1111111109, '081804'],
    [2000000000, '279037'],
  ])('at %i s the code is %s', (seconds, code) => {
    const secret = base32Encode(Buffer.from('12345678901234567890'));
    expect(totpCode(secret, totpStep(seconds * 1000))).toBe(code);
  });

  it('accepts the neighbouring steps once, and no step at or before the last used one', () => {
    const secret = base32Encode(Buffer.from('12345678901234567890'));
    const now = 1_700_000_000_000;
    const step = totpStep(now);
    expect(matchTotp(secret, totpCode(secret, step - 1), null, now)).toBe(step - 1);
    expect(matchTotp(secret, totpCode(secret, step), step, now)).toBeUndefined();
    expect(matchTotp(secret, totpCode(secret, step - 2), null, now)).toBeUndefined();
  });
});

async function loginStep(username: string, password = GOOD_PASSWORD) {
  return call(ctx, undefined, accountApi.login, { username, password, code: await solveCaptcha(ctx.app) });
}
const googleLogin = (ticket: string, code: string) => call(ctx, undefined, accountApi.loginWithGoogle, { ticket, code });

describe('Google Authenticator', () => {
  it('binds with a code, then asks for a code at every login, and unbinds with a code', async () => {
    const user = await signedIn(ctx, 'two.factor', 'FLEET_ADMIN', tree);
    const info = await call(ctx, user.token, credentialApi.googleAuth);
    expect(info.data).toMatchObject({
      bound: false,
      otpauthUrl: expect.stringMatching(/^otpauth:\/\/totp\/Safety%20Shield%3Atwo\.factor\?secret=/),
    });
    const secret = info.data.secret ?? '';
    // The seed is sealed at rest.
    const [stored] = await ctx.database.db.select({ mfaSecret: account.mfaSecret }).from(account).where(eq(account.id, user.id));
    expect(stored?.mfaSecret).not.toContain(secret);

    expect((await call(ctx, user.token, credentialApi.bindGoogle, { code: '000000' })).codeKey).toBe('GOOGLE_CODE_FAIL');
    const step = totpStep();
    expect((await call(ctx, user.token, credentialApi.bindGoogle, { code: totpCode(secret, step - 1) })).code).toBe(200);
    expect((await call(ctx, user.token, credentialApi.googleAuth)).data).toEqual({ bound: true });

    const first = await loginStep('two.factor');
    expect(first.data).toMatchObject({ token: null, mfaTicket: expect.any(String) });
    const ticket = first.data.mfaTicket ?? '';
    // The ticket opens nothing by itself.
    expect((await call(ctx, ticket, accountApi.selfInfo)).code).toBe(50001);
    expect((await googleLogin(ticket, '123456')).codeKey).toBe('GOOGLE_CODE_FAIL');
    // The code used to bind is spent; the current one works.
    expect((await googleLogin(ticket, totpCode(secret, step - 1))).codeKey).toBe('GOOGLE_CODE_FAIL');
    const second = await googleLogin(ticket, totpCode(secret, step));
    expect(second.data.token).toBe(ticket);
    expect((await call(ctx, second.data.token ?? undefined, accountApi.selfInfo)).code).toBe(200);

    expect((await call(ctx, user.token, credentialApi.unbindGoogle, { code: '111111' })).codeKey).toBe('GOOGLE_CODE_FAIL');
    expect((await call(ctx, user.token, credentialApi.unbindGoogle, { code: totpCode(secret, step + 1) })).code).toBe(200);
    expect((await loginStep('two.factor')).data.token).toEqual(expect.any(String));
  });

  it('ends a pending login after five wrong codes', async () => {
    const user = await signedIn(ctx, 'two.guesser', 'FLEET_ADMIN', tree);
    const secret = (await call(ctx, user.token, credentialApi.googleAuth)).data.secret ?? '';
    await call(ctx, user.token, credentialApi.bindGoogle, { code: totpCode(secret) });
    const { mfaTicket = '' } = (await loginStep('two.guesser')).data;
    for (let i = 0; i < 5; i++) expect((await googleLogin(mfaTicket, '000001')).codeKey).toBe('GOOGLE_CODE_FAIL');
    expect((await googleLogin(mfaTicket, totpCode(secret, totpStep() + 1))).codeKey).toBe('GOOGLE_AUTH_FAIL');
  });
});

describe('API tokens', () => {
  it('allows three, shows each once, and works as X-Token with the owner’s role and scope', async () => {
    const boss = await signedIn(ctx, 'token.boss', 'COMPANY_ADMIN', tree);
    const created = [await newApiToken(ctx, boss.token), await newApiToken(ctx, boss.token), await newApiToken(ctx, boss.token)] as const;
    expect((await call(ctx, boss.token, credentialApi.createApiToken)).codeKey).toBe('ACCOUNT_API_TOKEN_MORE_THAN_3');
    const listed = await call(ctx, boss.token, credentialApi.apiTokens);
    expect(listed.data.map((t) => t.id)).toEqual(created.map((t) => t.id));
    expect(JSON.stringify(listed.data)).not.toContain(created[0].token);

    const fleets = await call(ctx, created[0].token, orgApi.fleetList, { page: 1, limit: 20 });
    expect(fleets.data.records.map((r) => r.id)).toEqual([tree.fleet]);
    expect((await call(ctx, created[0].token, credentialApi.createApiToken)).codeKey).toBe('API_PERMISSION_AUTH_FAIL');

    expect((await call(ctx, boss.token, credentialApi.removeApiToken, { id: created[0].id })).code).toBe(200);
    expect((await call(ctx, created[0].token, orgApi.fleetList, { page: 1, limit: 20 })).code).toBe(50001);
    expect((await call(ctx, boss.token, credentialApi.removeApiToken, { id: created[0].id })).codeKey).toBe('ACCOUNT_API_TOKEN_NOT_EXIST');
  });

  it('cannot revoke another account’s token', async () => {
    const owner = await signedIn(ctx, 'token.owner', 'FLEET_ADMIN', tree);
    const other = await signedIn(ctx, 'token.thief', 'FLEET_ADMIN', tree);
    const { id } = await newApiToken(ctx, owner.token);
    await call(ctx, other.token, accountApi.identify, { password: GOOD_PASSWORD });
    expect((await call(ctx, other.token, credentialApi.removeApiToken, { id })).codeKey).toBe('ACCOUNT_API_TOKEN_NOT_EXIST');
  });
});

describe('confirming the password (POST /v1/account/identify)', () => {
  it('opens issuing and revoking API tokens to the session that confirmed it, for five minutes', async () => {
    const user = await signedIn(ctx, 'careful.user', 'FLEET_ADMIN', tree);
    expect(await call(ctx, user.token, credentialApi.createApiToken)).toMatchObject({
      codeKey: 'PERMISSION_ROLE_FAIL',
      data: { identify: true },
    });
    const before = Date.now();
    const identity = await call(ctx, user.token, accountApi.identify, { password: GOOD_PASSWORD });
    expect(identity.data.role).toBe('FLEET_ADMIN');
    expect(identity.data.identifiedUntil).toBeGreaterThanOrEqual(before + IDENTITY_MS);
    const { id } = (await call(ctx, user.token, credentialApi.createApiToken)).data;

    // Another session of the same account has not confirmed anything.
    const other = await login(ctx.app, 'careful.user', GOOD_PASSWORD);
    expect((await call(ctx, other, credentialApi.removeApiToken, { id })).codeKey).toBe('PERMISSION_ROLE_FAIL');

    // A confirmation five minutes old has lapsed (identify dropped the cached session, so it is read again).
    expect((await call(ctx, other, accountApi.identify, { password: GOOD_PASSWORD })).code).toBe(200);
    await ctx.database.db
      .update(session)
      .set({ identifiedAt: new Date(Date.now() - IDENTITY_MS - 1_000) })
      .where(eq(session.tokenHash, hashToken(other)));
    expect((await call(ctx, other, credentialApi.removeApiToken, { id })).codeKey).toBe('PERMISSION_ROLE_FAIL');
  });

  it('counts wrong passwords towards suspension, like the login, and ends the account’s sessions at the fifth', async () => {
    const user = await signedIn(ctx, 'session.thief', 'FLEET_ADMIN', tree);
    for (let remaining = 4; remaining >= 1; remaining--) {
      expect(await call(ctx, user.token, accountApi.identify, { password: 'Guess-1234' })).toMatchObject({
        codeKey: 'USER_PASSWORD_ERROR',
        data: { remaining },
      });
    }
    expect((await call(ctx, user.token, accountApi.identify, { password: 'Guess-1234' })).codeKey).toBe('USER_PASSWORD_ERROR_5_TIMES');
    expect((await call(ctx, user.token, accountApi.selfInfo)).code).toBe(50001);
  });

  it('clears the count of wrong tries once the right password is given', async () => {
    const user = await signedIn(ctx, 'second.try', 'FLEET_ADMIN', tree);
    await call(ctx, user.token, accountApi.identify, { password: 'Guess-1234' });
    expect((await call(ctx, user.token, accountApi.identify, { password: GOOD_PASSWORD })).code).toBe(200);
    expect(await call(ctx, user.token, accountApi.identify, { password: 'Guess-1234' })).toMatchObject({
      data: { remaining: 4 },
    });
  });

  it('is refused to API tokens and without a password', async () => {
    const user = await signedIn(ctx, 'token.identity', 'FLEET_ADMIN', tree);
    const { token } = await newApiToken(ctx, user.token);
    expect((await call(ctx, token, accountApi.identify, { password: GOOD_PASSWORD })).codeKey).toBe('API_PERMISSION_AUTH_FAIL');
    // Without the password the declaration requires.
    expect((await callUnchecked(ctx, user.token, accountApi.identify, {})).codeKey).toBe('PARAM_CHECK_FAIL');
    expect((await call(ctx, user.token, accountApi.identify, { password: 'a\u0000b' })).codeKey).toBe('PARAM_CHECK_FAIL');
  });
});

describe('parameter settings', () => {
  it('keeps the account’s settings and unsubscribes it from notification e-mails', async () => {
    const user = await signedIn(ctx, 'settings.user', 'FLEET_ADMIN', tree);
    expect((await call(ctx, user.token, credentialApi.paramSetting)).data).toEqual({ emailNotifications: true });
    await call(ctx, user.token, credentialApi.setParamSetting, { uiSize: 'small', themeColour: '#409EFF' });
    expect((await call(ctx, user.token, credentialApi.setParamSetting, { themeColour: 'red' })).codeKey).toBe('PARAM_CHECK_FAIL');
    await call(ctx, user.token, credentialApi.setParamSetting, { appearance: 'dark' });
    // An appearance the declaration does not list.
    expect((await callUnchecked(ctx, user.token, credentialApi.setParamSetting, { appearance: 'sepia' })).codeKey).toBe('PARAM_CHECK_FAIL');
    await call(ctx, user.token, credentialApi.unsubscribe);
    expect((await call(ctx, user.token, credentialApi.paramSetting)).data).toEqual({
      uiSize: 'small',
      themeColour: '#409EFF',
      appearance: 'dark',
      emailNotifications: false,
    });
  });
});
