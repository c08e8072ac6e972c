import { accountApi, logApi, orgApi, type RegisterBody } from '@safety-shield/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { call } from './api-client.js';
import { login, solveCaptcha } from './helpers.js';
import { appWithTrees, GOOD_PASSWORD, seedTree, signedIn } from './identity-fixtures.js';

const { ctx, admin, tree } = await appWithTrees({ tree: 'Acme' });
afterAll(() => ctx.close());

const register = (
  token: string,
  endpoint: (typeof accountApi)['registerAgent' | 'registerCompany' | 'registerFleet'],
  body: Partial<RegisterBody> & { username: string },
) => call(ctx, token, endpoint, { password: GOOD_PASSWORD, rePassword: GOOD_PASSWORD, ...body });

/** A login with the captcha solved: the envelope alone, as answers are compared whole. */
async function attempt(username: string, password: string) {
  const {
    res: _res,
    status: _status,
    ...envelope
  } = await call(ctx, undefined, accountApi.login, {
    username,
    password,
    code: await solveCaptcha(ctx.app),
  });
  return envelope;
}

describe('registering accounts', () => {
  it('makes an account that must change its password before anything else', async () => {
    const created = await register(admin, accountApi.registerCompany, {
      username: 'boss.acme',
      orgId: tree.company,
      email: 'chief@firm.test',
    });
    expect(created.code).toBe(200);
    const token = await login(ctx.app, 'boss.acme', GOOD_PASSWORD);
    const self = await call(ctx, token, accountApi.selfInfo);
    expect(self.data.baseInfo).toMatchObject({
      role: 'COMPANY_ADMIN',
      firstTimeLogin: true,
      companyName: 'Company Acme',
      agentName: 'Agent Acme',
    });
    expect(await call(ctx, token, orgApi.fleetList, { page: 1, limit: 20 })).toMatchObject({
      status: 403,
      codeKey: 'USER_MUST_CHANGE_PASSWORD',
    });
    const changed = await call(ctx, token, accountApi.changePassword, {
      oldPassword: GOOD_PASSWORD,
      password: 'Brand-New-Pass9',
      rePassword: 'Brand-New-Pass9',
    });
    expect(changed.code).toBe(200);
    expect((await call(ctx, token, orgApi.fleetList, { page: 1, limit: 20 })).code).toBe(200);
    expect((await call(ctx, token, accountApi.selfInfo)).data.baseInfo.firstTimeLogin).toBe(false);
  });

  it.each([
    [
      'a password without a symbol',
      { username: 'weak.pw', password: 'Password12345', rePassword: 'Password12345' },
      'PASSWORD_VALIDATE_FAIL',
    ],
    ['a short password', { username: 'short.pw', password: 'Ab1-', rePassword: 'Ab1-' }, 'PASSWORD_VALIDATE_FAIL'],
    ['passwords that differ', { username: 'two.pw', rePassword: 'Another-Pass99' }, 'USER_TWO_PWD_NOT_MATCH'],
    [
      'a password sharing 4 characters with the e-mail',
      { username: 'mail.pw', password: 'Horse-7-Correct', rePassword: 'Horse-7-Correct', email: 'horse@x.test' },
      'PASSWORD_VALIDATE_FAIL',
    ],
    ['a username sharing 4 characters with the phone', { username: 'user5551234', phone: '+4755512345' }, 'USERNAME_VALIDATE_FAIL'],
    ['a bad username', { username: 'no spaces' }, 'USERNAME_VALIDATE_FAIL'],
    ['a phone of 9 digits', { username: 'phone.nine', phone: '123456789' }, 'PARAM_CHECK_FAIL'],
    ['a bad e-mail', { username: 'bad.mail', email: 'not-an-email' }, 'PARAM_CHECK_FAIL'],
    ['an expiry date in the past', { username: 'old.date', expireTime: Date.now() - 1000 }, 'USER_EXPIRE_TIME_ERROR'],
  ])('refuses %s', async (_name, body, codeKey) => {
    expect((await register(admin, accountApi.registerFleet, { orgId: tree.fleet, ...body })).codeKey).toBe(codeKey);
  });

  it('refuses a username taken in another case', async () => {
    await register(admin, accountApi.registerFleet, { username: 'Casey', orgId: tree.fleet });
    expect(await register(admin, accountApi.registerFleet, { username: 'casey', orgId: tree.fleet })).toMatchObject({
      status: 409,
      codeKey: 'USERNAME_EXIST',
    });
  });

  it('lets a company admin register only further down and only inside its company', async () => {
    const other = await seedTree(ctx, admin, 'Other');
    const boss = await signedIn(ctx, 'boss.registrar', 'COMPANY_ADMIN', tree);
    expect((await register(boss.token, accountApi.registerFleet, { username: 'fleet.mine', orgId: tree.fleet })).code).toBe(200);
    expect((await register(boss.token, accountApi.registerAgent, { username: 'agent.no', orgId: tree.agent })).codeKey).toBe(
      'PERMISSION_CHECK_FAIL',
    );
    expect((await register(boss.token, accountApi.registerCompany, { username: 'peer.no', orgId: tree.company })).codeKey).toBe(
      'PERMISSION_CHECK_FAIL',
    );
    expect((await register(boss.token, accountApi.registerFleet, { username: 'fleet.theirs', orgId: other.fleet })).codeKey).toBe(
      'PERMISSION_CHECK_FAIL',
    );
  });
});

describe('the login life of an account', () => {
  it('suspends after the fifth wrong password until an admin enables it again', async () => {
    const { id } = await signedIn(ctx, 'clumsy', 'FLEET_ADMIN', tree);
    for (let remaining = 4; remaining >= 1; remaining--) {
      expect(await attempt('clumsy', 'Wrong-Password1')).toMatchObject({
        codeKey: 'LOGIN_USERNAME_OR_PASSWORD_ERROR',
        data: { remaining },
      });
    }
    expect((await attempt('clumsy', 'Wrong-Password1')).codeKey).toBe('USER_PASSWORD_ERROR_5_TIMES');
    expect((await attempt('clumsy', GOOD_PASSWORD)).codeKey).toBe('USER_HAD_BEEN_BAN');
    expect((await call(ctx, admin, accountApi.setState, { uid: id, state: 'usable' })).code).toBe(200);
    expect((await attempt('clumsy', GOOD_PASSWORD)).code).toBe(200);
  });

  it('answers a username that does not exist as it answers one that does, try by try', async () => {
    await signedIn(ctx, 'real.person', 'FLEET_ADMIN', tree);
    const answers = async (username: string) => {
      const seen = [];
      for (let tries = 0; tries < 7; tries++) seen.push(await attempt(username, 'Wrong-Password1'));
      return seen;
    };
    const real = await answers('real.person');
    expect(real.map((answer) => answer.codeKey)).toEqual([
      ...Array(4).fill('LOGIN_USERNAME_OR_PASSWORD_ERROR'),
      'USER_PASSWORD_ERROR_5_TIMES',
      'USER_HAD_BEEN_BAN',
      'USER_HAD_BEEN_BAN',
    ]);
    expect(await answers('made.up.person')).toEqual(real);
  });

  it('names an account suspended by an admin only to a caller who knows its password', async () => {
    const { id } = await signedIn(ctx, 'benched', 'FLEET_ADMIN', tree);
    expect((await call(ctx, admin, accountApi.setState, { uid: id, state: 'disabled' })).code).toBe(200);
    expect(await attempt('benched', 'Wrong-Password1')).toEqual(await attempt('never.was', 'Wrong-Password1'));
    expect((await attempt('benched', GOOD_PASSWORD)).codeKey).toBe('USER_HAD_BEEN_BAN');
  });

  it('ends the sessions of a disabled account at once', async () => {
    const user = await signedIn(ctx, 'soon.disabled', 'FLEET_ADMIN', tree);
    await call(ctx, admin, accountApi.setState, { uid: user.id, state: 'disabled' });
    expect((await call(ctx, user.token, accountApi.selfInfo)).code).toBe(50001);
  });

  it('forces a password change after an admin reset, and the old sessions end', async () => {
    const user = await signedIn(ctx, 'forgetful', 'FLEET_ADMIN', tree);
    const reset = await call(ctx, admin, accountApi.resetPassword, {
      uid: user.id,
      password: 'Reset-Pass-2026',
      rePassword: 'Reset-Pass-2026',
    });
    expect(reset.code).toBe(200);
    expect((await call(ctx, user.token, accountApi.selfInfo)).code).toBe(50001);
    const token = await login(ctx.app, 'forgetful', 'Reset-Pass-2026');
    expect((await call(ctx, token, logApi.own, { page: 1, limit: 20 })).codeKey).toBe('USER_MUST_CHANGE_PASSWORD');
  });
});

describe('listing and editing accounts', () => {
  it('shows a company admin the accounts below it in its company, not itself and not other companies', async () => {
    const other = await seedTree(ctx, admin, 'Elsewhere');
    await signedIn(ctx, 'fleet.elsewhere', 'FLEET_ADMIN', other);
    const boss = await signedIn(ctx, 'boss.lister', 'COMPANY_ADMIN', tree);
    const list = await call(ctx, boss.token, accountApi.list, { page: 1, limit: 500 });
    const names: string[] = list.data.records.map((r) => r.username);
    expect(names).toContain('clumsy');
    expect(names).not.toContain('boss.lister');
    expect(names).not.toContain('boss.acme');
    expect(names).not.toContain('fleet.elsewhere');
    expect(list.data.records.find((r) => r.username === 'clumsy')).toMatchObject({
      fleetName: 'Fleet Acme',
      role: 'FLEET_ADMIN',
    });
  });

  it('clears an expiry date with null, and answers one account by uid', async () => {
    const user = await signedIn(ctx, 'expiring', 'FLEET_ADMIN', tree);
    const later = Date.now() + 86_400_000;
    expect((await call(ctx, admin, accountApi.update, { uid: user.id, expireTime: later })).code).toBe(200);
    expect((await call(ctx, admin, accountApi.info, { uid: user.id })).data).toMatchObject({
      username: 'expiring',
      expireTime: later,
    });
    expect((await call(ctx, admin, accountApi.update, { uid: user.id, expireTime: null })).code).toBe(200);
    expect((await call(ctx, admin, accountApi.info, { uid: user.id })).data.expireTime).toBeNull();
  });

  it('edits the profile of an account below, checking the contact rules', async () => {
    const user = await signedIn(ctx, 'editable', 'FLEET_ADMIN', tree);
    expect((await call(ctx, admin, accountApi.update, { uid: user.id, realName: 'Ed Itable', phone: '4712345678' })).code).toBe(200);
    expect((await call(ctx, admin, accountApi.update, { uid: user.id, phone: '12' })).codeKey).toBe('PARAM_CHECK_FAIL');
    const list = await call(ctx, admin, accountApi.list, { username: 'editable', page: 1, limit: 20 });
    expect(list.data.records[0]).toMatchObject({ realName: 'Ed Itable', phone: '4712345678' });
  });

  it('lets an account delete itself with its base64 password, and not with a wrong one', async () => {
    const user = await signedIn(ctx, 'leaving', 'FLEET_ADMIN', tree);
    const wrong = Buffer.from('nope').toString('base64');
    expect((await call(ctx, user.token, accountApi.removeSelf, { pwd: wrong })).codeKey).toBe('USER_PASSWORD_ERROR');
    const right = Buffer.from(GOOD_PASSWORD).toString('base64');
    expect((await call(ctx, user.token, accountApi.removeSelf, { pwd: right })).code).toBe(200);
    expect((await attempt('leaving', GOOD_PASSWORD)).codeKey).toBe('LOGIN_USERNAME_OR_PASSWORD_ERROR');
  });
});

describe('the operation log', () => {
  it('records logins and writes with actor, action, target and result', async () => {
    const log = await call(ctx, admin, logApi.list, { action: 'account.register', page: 1, limit: 500 });
    expect(log.data.records.some((r) => r.result === 'REQUEST_SUCCESS')).toBe(true);
    expect(log.data.records.some((r) => r.result === 'PASSWORD_VALIDATE_FAIL')).toBe(true);
    const logins = await call(ctx, admin, logApi.list, { action: 'account.login', username: 'clumsy', page: 1, limit: 20 });
    expect(logins.data.records.map((r) => r.result)).toContain('USER_PASSWORD_ERROR_5_TIMES');
  });

  it('exports the scoped log as CSV, streamed, with the list’s filters', async () => {
    const { res } = await call(ctx, admin, logApi.export, { action: 'account.login' });
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="operation-log-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Time (UTC),Username,Role,Action,Target,Result,IP address');
    expect(lines.length).toBeGreaterThan(5);
    expect(lines.slice(1).every((line) => line.split(',')[3] === 'account.login')).toBe(true);
  });

  it('shows an agent admin only its agent’s log lines and every user its own', async () => {
    const other = await seedTree(ctx, admin, 'Logless');
    const agentAdmin = await signedIn(ctx, 'agent.logless', 'AGENT_ADMIN', other);
    const scoped = await call(ctx, agentAdmin.token, logApi.list, { page: 1, limit: 500 });
    expect(scoped.data.records.map((r) => r.username)).toEqual(['agent.logless']);
    const own = await call(ctx, agentAdmin.token, logApi.own, { page: 1, limit: 20 });
    expect(own.data.records[0]).toMatchObject({ action: 'account.login', result: 'REQUEST_SUCCESS' });
    const boss = await signedIn(ctx, 'boss.nolog', 'COMPANY_ADMIN', other);
    expect((await call(ctx, boss.token, logApi.list, { page: 1, limit: 20 })).codeKey).toBe('PERMISSION_CHECK_FAIL');
  });
});
