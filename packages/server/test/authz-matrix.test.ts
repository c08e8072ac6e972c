import type { Role } from '@safety-shield/contract';
import { afterAll, describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema.js';
import { login } from './helpers.js';
import { addAccount, appWithTrees, call, GOOD_PASSWORD, signedIn, type Tree } from './identity-fixtures.js';
import { incidentSource } from './incident-fixtures.js';

/**
 * SPEC section 6: an account of a sibling organisation gets PERMISSION_CHECK_FAIL for every call that takes an id,
 * and the same answer for an id that does not exist, so it learns nothing. Later issues add their calls here, one line each.
 */
interface Target extends Tree {
  account: number;
  clause: number;
  vehicle: number;
  device: number;
  email: number;
  incident: number;
  tag: number;
  evidenceTask: number;
  sos: number;
}
type Probe = [name: string, method: string, url: (t: Target) => string, body?: (t: Target) => Record<string, unknown>];

const passwords = { password: 'Matrix-Pass-2026', rePassword: 'Matrix-Pass-2026' };

const probes: Probe[] = [
  ['read company', 'GET', (t) => `/v1/org/company/info?id=${t.company}`],
  ['read fleet', 'GET', (t) => `/v1/org/fleet/info?id=${t.fleet}`],
  ['read account', 'GET', (t) => `/v1/account/info?uid=${t.account}`],
  ['edit company', 'PUT', () => '/v1/org/company', (t) => ({ id: t.company, name: 'Taken over' })],
  ['edit fleet', 'PUT', () => '/v1/org/fleet', (t) => ({ id: t.fleet, name: 'Taken over' })],
  ['edit site', 'PUT', () => '/v1/org/site', (t) => ({ id: t.site, name: 'Taken over' })],
  ['forbid company', 'PUT', () => '/v1/org/company/state', (t) => ({ id: t.company, state: 'forbidden' })],
  ['forbid fleet', 'PUT', () => '/v1/org/fleet/state', (t) => ({ id: t.fleet, state: 'forbidden' })],
  ['delete site', 'DELETE', (t) => `/v1/org/site?id=${t.site}`],
  ['read company SSO', 'GET', (t) => `/v1/org/company/sso?id=${t.company}`],
  [
    'save company SSO',
    'PUT',
    () => '/v1/org/company/sso',
    (t) => ({ id: t.company, name: 'cuckoo', issuer: 'https://idp.example.com', clientId: 'x', clientSecret: 'y', enabled: true }),
  ],
  ['remove company SSO', 'DELETE', (t) => `/v1/org/company/sso?id=${t.company}`],
  ['create company under agent', 'POST', () => '/v1/org/company', (t) => ({ parentId: t.agent, name: 'Cuckoo' })],
  ['create fleet under company', 'POST', () => '/v1/org/fleet', (t) => ({ parentId: t.company, name: 'Cuckoo' })],
  ['create site under fleet', 'POST', () => '/v1/org/site', (t) => ({ parentId: t.fleet, name: 'Cuckoo' })],
  ['register in fleet', 'POST', () => '/v1/account/register/site', (t) => ({ username: 'cuckoo.site', orgId: t.site, ...passwords })],
  ['edit account', 'PUT', () => '/v1/account/info', (t) => ({ uid: t.account, realName: 'Taken over' })],
  ['disable account', 'PUT', () => '/v1/account/info/state', (t) => ({ uid: t.account, state: 'disabled' })],
  ['reset password', 'PUT', () => '/v1/account/reset/pwd', (t) => ({ uid: t.account, ...passwords })],
  ['delete account', 'DELETE', (t) => `/v1/account/info?uid=${t.account}`],
  [
    'edit clause',
    'PUT',
    () => '/v1/clause',
    (t) => ({ clauseId: t.clause, title: 'x', content: 'x', placeType: 'self', mustCheck: false }),
  ],
  ['retire clause', 'DELETE', (t) => `/v1/clause?clauseId=${t.clause}`],
  ['read vehicle', 'GET', (t) => `/v1/vehicle/info?id=${t.vehicle}`],
  ['edit vehicle', 'PUT', () => '/v1/vehicle/info', (t) => ({ id: t.vehicle, licensePlate: 'TAKEN 1', fleetId: t.fleet })],
  ['delete vehicle', 'DELETE', (t) => `/v1/vehicle/${t.vehicle}`],
  ['lease vehicle', 'PUT', () => '/v1/vehicle/lease', (t) => ({ id: t.vehicle, fleetId: t.fleet, expireTime: Date.now() + 3_600_000 })],
  ['end lease', 'PUT', () => '/v1/vehicle/lease/end', (t) => ({ id: t.vehicle })],
  ['vehicle trail', 'GET', (t) => `/v1/vehicle/trail?vehicleId=${t.vehicle}&startTime=1&endTime=2`],
  ['vehicle e-mails', 'GET', (t) => `/v1/vehicle/email/list?vehicleId=${t.vehicle}`],
  ['add vehicle e-mail', 'POST', () => '/v1/vehicle/email', (t) => ({ vehicleId: t.vehicle, email: 'x@example.com' })],
  ['send e-mail code', 'POST', () => '/v1/vehicle/email/code', (t) => ({ id: t.email })],
  ['verify e-mail', 'PUT', () => '/v1/vehicle/email/verify', (t) => ({ id: t.email, code: '123456' })],
  ['delete e-mail', 'DELETE', (t) => `/v1/vehicle/email/${t.email}`],
  ['bind device', 'PUT', () => '/v1/vehicle/bind', (t) => ({ vehicleId: t.vehicle, deviceId: t.device })],
  ['unbind device', 'PUT', () => '/v1/vehicle/unbind', (t) => ({ deviceId: t.device })],
  ['read device', 'GET', (t) => `/v1/device/info?deviceId=${t.device}`],
  ['edit device', 'PUT', () => '/v1/device/info', (t) => ({ deviceId: t.device, name: 'x', channels: 2 })],
  ['device ICCID', 'POST', () => '/v1/device/set/iccid', (t) => ({ deviceId: t.device, iccid: '8946000000000000001' })],
  ['device dBm', 'GET', (t) => `/v1/device/dbm/listV1?deviceId=${t.device}&startTime=1&endTime=2`],
  ['delete device', 'DELETE', (t) => `/v1/device/${t.device}`],
  ['live video of vehicle', 'POST', () => '/v1/live/start', (t) => ({ vehicleId: t.vehicle, channel: 1 })],
  ['live video of device', 'POST', () => '/v1/live/start', (t) => ({ deviceId: t.device, channel: 1 })],
  ['DVR index of vehicle', 'GET', () => '/v1/dvr/index?licensePlate=VICTIM%201&channel=1&day=2026-01-01'],
  ['DVR playback of vehicle', 'POST', () => '/v1/dvr/play', () => ({ licensePlate: 'VICTIM 1', channel: 1, start: 1_000, end: 2_000 })],
  ['DVR upload of vehicle', 'POST', () => '/v1/dvr/upload', () => ({ licensePlate: 'VICTIM 1', channel: 1, start: 1_000, end: 2_000 })],
  ['read incident', 'GET', (t) => `/v2/event/info?eventId=${t.incident}`],
  ['incident history', 'GET', (t) => `/v2/event/history?eventId=${t.incident}`],
  ['incident review log', 'GET', (t) => `/v1/event/check/log?eventId=${t.incident}`],
  ['incident comments', 'GET', (t) => `/v1/event/comment/list?eventId=${t.incident}`],
  ['incident evidence access', 'GET', (t) => `/v2/event/access/list?eventId=${t.incident}`],
  ['incident evidence access export', 'GET', (t) => `/v2/event/access/export?eventId=${t.incident}`],
  ['comment incident', 'POST', () => '/v1/event/comment', (t) => ({ eventId: t.incident, body: 'x' })],
  ['review incident', 'PUT', () => '/v2/event/review', (t) => ({ eventId: t.incident })],
  ['bin incident', 'PUT', () => '/v2/event/info/delete/batch', (t) => ({ eventId: [t.incident] })],
  ['restore incident', 'PUT', () => '/v2/event/info/restore', (t) => ({ eventId: [t.incident] })],
  ['delete incident forever', 'PUT', () => '/v2/event/info/forever', (t) => ({ eventId: [t.incident] })],
  ['share incident', 'POST', () => '/v2/event/share', (t) => ({ eventId: [t.incident], days: 1 })],
  ['incident evidence zip', 'PUT', () => '/v1/event/resource/listV1', (t) => ({ eventId: [t.incident] })],
  ['incident picture URLs', 'PUT', () => '/v1/event/resource/pic/list', (t) => ({ eventId: [t.incident] })],
  ['rename tag', 'PUT', () => '/v1/event/tag', (t) => ({ id: t.tag, tagName: 'Taken' })],
  ['tag hold days', 'PUT', () => '/v1/event/tag/holdDays', (t) => ({ tagId: t.tag, days: 1 })],
  ['tag receive video', 'PUT', () => '/v1/event/tag/receive/video/state', (t) => ({ tagId: t.tag, state: false })],
  ['delete tag', 'DELETE', (t) => `/v1/event/tag?id=${t.tag}`],
  ['tags of company', 'GET', (t) => `/v1/event/tag?companyId=${t.company}`],
  ['ask for a picture', 'GET', (t) => `/v1/device/getCtrDeviceUploadPic?eventId=${t.incident}&resourceId=1`],
  ['ask for videos', 'GET', (t) => `/v1/device/getCtrDeviceUploadVideo?eventId=${t.incident}`],
  ['ask for a clip', 'GET', (t) => `/v1/device/getDeviceUploadVideoUrl?eventId=${t.incident}&resourceId=1&time=${Date.now()}`],
  ['ask for pictures (batch)', 'PUT', () => '/v1/device/batch/getCtrDeviceUploadPic', (t) => ({ eventId: [t.incident] })],
  ['ask for videos (batch)', 'PUT', () => '/v1/device/batch/getCtrDeviceUploadVideo', (t) => ({ eventId: [t.incident] })],
  ['evidence requests of incident', 'GET', (t) => `/v1/device/evidenceTask/list?eventId=${t.incident}`],
  ['cancel evidence request', 'GET', (t) => `/v1/device/cancelTask?taskId=${t.evidenceTask}`],
  ['close S.O.S', 'PUT', () => '/v1/sos/close', (t) => ({ id: t.sos })],
  ['coaching of incident', 'GET', (t) => `/v1/coaching/info?eventId=${t.incident}`],
  ['mark incident for coaching', 'PUT', () => '/v1/coaching/mark', (t) => ({ eventId: [t.incident] })],
  ['coach incident', 'PUT', () => '/v1/coaching/coach', (t) => ({ eventId: t.incident, note: 'x' })],
  ['dismiss coaching', 'PUT', () => '/v1/coaching/dismiss', (t) => ({ eventId: t.incident, reason: 'x' })],
  ['reopen coaching', 'PUT', () => '/v1/coaching/reopen', (t) => ({ eventId: t.incident })],
  ['coaching queue of fleet', 'GET', (t) => `/v1/coaching/list?fleetId=${t.fleet}`],
  ['coaching figures of company', 'GET', (t) => `/v1/coaching/figures?startTime=0&endTime=1&companyId=${t.company}`],
  ['dashboard fleet statistics', 'GET', (t) => `/v1/dashboard/fleetStatistic?fleetId=${t.fleet}`],
  ['statistics of fleet', 'GET', (t) => `/v1/statistics/overview?range=today&fleetId=${t.fleet}`],
  ['statistics of vehicle', 'GET', (t) => `/v1/statistics/overview?range=today&vehicleId=${t.vehicle}`],
  ['tag statistics of tag', 'GET', (t) => `/v1/statistics/tag?range=today&tagId=${t.tag}`],
];

const callers: Role[] = ['AGENT_ADMIN', 'COMPANY_ADMIN', 'FLEET_ADMIN', 'SITE_ADMIN'];

const { ctx, admin, mine, theirs } = await appWithTrees({ mine: 'Mine', theirs: 'Theirs' });
afterAll(() => ctx.close());

/** Rows of every kind in the sibling organisation `theirs`. */
async function seedVictim(): Promise<Target> {
  const theirAgent = await signedIn(ctx, 'victim.agent', 'AGENT_ADMIN', theirs);
  const clause = await call(ctx, theirAgent.token, 'POST', '/v1/clause', {
    title: 'Theirs',
    content: 'x',
    placeType: 'self',
    mustCheck: false,
  });
  const vehicle = await call(ctx, theirAgent.token, 'POST', '/v1/vehicle', { licensePlate: 'VICTIM 1', fleetId: theirs.fleet });
  const email = await call(ctx, theirAgent.token, 'POST', '/v1/vehicle/email', { vehicleId: vehicle.data.id, email: 'victim@example.com' });
  const device = await incidentSource(ctx, theirs, { uuid: 'VICTIM-DEV', plate: 'VICTIM 1', messagePrefix: 'victim-' });
  const incident = await device.add(theirs);
  const [tagRow] = await ctx.database.db
    .insert(schema.eventTag)
    .values({ name: 'Victim tag', belongAgentId: theirs.agent, belongCompanyId: theirs.company })
    .returning({ id: schema.eventTag.id });
  const [taskRow] = await ctx.database.db
    .insert(schema.evidenceTask)
    .values({ incidentId: incident, deviceUuid: 'VICTIM-DEV', kind: 'video', resourceIds: [] })
    .returning({ id: schema.evidenceTask.id });
  const [sosRow] = await ctx.database.db
    .insert(schema.sos)
    .values({
      deviceId: device.deviceId,
      deviceUuid: 'VICTIM-DEV',
      startMessageId: 'victim-sos',
      startAt: new Date(),
      belongAgentId: theirs.agent,
      belongCompanyId: theirs.company,
    })
    .returning({ id: schema.sos.id });
  return {
    ...theirs,
    evidenceTask: taskRow?.id ?? 0,
    sos: sosRow?.id ?? 0,
    incident,
    tag: tagRow?.id ?? 0,
    account: await addAccount(ctx, 'victim.site', 'SITE_ADMIN', theirs),
    clause: clause.data.clauseId,
    vehicle: vehicle.data.id,
    device: device.deviceId,
    email: email.data.id,
  };
}

const victim = await seedVictim();
/** Ids that exist nowhere. */
const ghost: Target = {
  agent: 999_001,
  company: 999_002,
  fleet: 999_003,
  site: 999_004,
  account: 999_005,
  clause: 999_006,
  vehicle: 999_007,
  device: 999_008,
  email: 999_009,
  incident: 999_010,
  tag: 999_011,
  evidenceTask: 999_012,
  sos: 999_013,
};
const tokens = new Map<Role, string>();
for (const role of callers) tokens.set(role, (await signedIn(ctx, `caller.${role.toLowerCase()}`, role, mine)).token);

describe('a sibling organisation’s ids', () => {
  for (const role of callers) {
    it.each(probes)(`${role}: %s → PERMISSION_CHECK_FAIL, the same as for a missing id`, async (_name, method, url, body) => {
      const token = tokens.get(role) ?? '';
      const real = await call(ctx, token, method, url(victim), body?.(victim));
      const missing = await call(ctx, token, method, url(ghost), body?.(ghost));
      expect(real).toMatchObject({ status: 403, codeKey: 'PERMISSION_CHECK_FAIL' });
      expect(missing).toEqual(real);
    });
  }

  it('left the sibling organisation untouched', async () => {
    const companies = await call(ctx, admin, 'GET', `/v1/org/company/list?parentId=${victim.agent}`);
    expect(companies.data.records[0]).toMatchObject({ name: 'Company Theirs', state: 'enabled' });
    await expect(login(ctx.app, 'victim.site', GOOD_PASSWORD)).resolves.toBeTruthy();
    const clauses = await call(ctx, admin, 'GET', '/v1/clause/list');
    expect(clauses.data.records).toEqual([expect.objectContaining({ clauseId: victim.clause, title: 'Theirs', version: 1 })]);
  });
});
