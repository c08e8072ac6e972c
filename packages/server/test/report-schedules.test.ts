import { mkdtempSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type Endpoint,
  languages,
  logApi,
  type ReportScheduleCreateBody,
  type ReportScheduleListQuery,
  reportScheduleApi,
} from '@safety-shield/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { account, reportDelivery, reportSchedule, reportScheduleRecipient } from '../src/db/schema.js';
import { LEASE_MS, MAX_ATTEMPTS } from '../src/modules/report-schedules/job.js';
import { latestPeriod } from '../src/modules/report-schedules/periods.js';
import { claim } from '../src/modules/report-schedules/repo.js';
import { periodText, reportEmailTexts } from '../src/texts/report-email.js';
import { type Answer, call, callUnchecked } from './api-client.js';
import { testConfig } from './helpers.js';
import { appWithTrees, createOrg, signedIn } from './identity-fixtures.js';

const dataDir = mkdtempSync(path.join(tmpdir(), 'safety-shield-reports-'));
const outbox = path.join(dataDir, 'outbox');
const { ctx, admin, tree, other } = await appWithTrees({ tree: 'Reports', other: 'Elsewhere' }, { dataDir, reportSchedules: false });
/** A second portal node on the same database, its job off too: the tests run both jobs at the instants they choose. */
const node2 = await buildApp({ ...testConfig, dataDir, reportSchedules: false }, ctx.database, { logger: false });
/** A node whose mail server refuses every connection. */
const brokenMail = await buildApp({ ...testConfig, dataDir, reportSchedules: false, smtpUrl: 'smtp://127.0.0.1:1' }, ctx.database, {
  logger: false,
});
afterAll(async () => {
  await Promise.all([node2.close(), brokenMail.close()]);
  await ctx.close();
});
const { db } = ctx.database;

const secondFleet = await createOrg(ctx, admin, 'fleet', { parentId: tree.company, name: 'Fleet Reports 2' });

/** A signed-in account with an address, a language and a zone. */
async function person(
  username: string,
  role: 'COMPANY_ADMIN' | 'FLEET_ADMIN' | 'SITE_ADMIN',
  chain: typeof tree,
  language: string,
  timeZone: string,
) {
  const signed = await signedIn(ctx, username, role, chain);
  const email = `${username}@example.test`;
  await db.update(account).set({ email, language, timeZone }).where(eq(account.id, signed.id));
  return { ...signed, email };
}
const company = await person('rs.company', 'COMPANY_ADMIN', tree, 'nb', 'Europe/Oslo');
const fleet = await person('rs.fleet', 'FLEET_ADMIN', tree, 'ru', 'Asia/Tokyo');
const fleet2 = await person('rs.fleet2', 'FLEET_ADMIN', { ...tree, fleet: secondFleet }, 'de', 'America/New_York');
const site = await person('rs.site', 'SITE_ADMIN', tree, 'en', 'UTC');
const stranger = await person('rs.stranger', 'COMPANY_ADMIN', other, 'fr', 'Europe/Paris');

// Every test starts without schedules: the job sends every enabled one that is due.
afterEach(async () => {
  await db.delete(reportSchedule);
});

const create = (token: string, body: ReportScheduleCreateBody) => call(ctx, token, reportScheduleApi.create, body);
const list = async (token: string, filter: Partial<ReportScheduleListQuery> = {}) =>
  (await call(ctx, token, reportScheduleApi.list, { page: 1, limit: 100, ...filter })).data;
const listedIds = async (token: string) => (await list(token)).records.map((r) => r.id);

/** A schedule made by the company admin, active from `since` (its recipients too), so the job's instants decide. */
async function activeSchedule(body: Partial<ReportScheduleCreateBody> & { recipients: number[] }, since: string): Promise<number> {
  const created = await create(company.token, { name: 'Job', frequency: 'weekly', ...body });
  expect(created.code, created.res.body).toBe(200);
  const id = created.data.id;
  await db
    .update(reportSchedule)
    .set({ activeSince: new Date(since) })
    .where(eq(reportSchedule.id, id));
  await db
    .update(reportScheduleRecipient)
    .set({ addedAt: new Date(since) })
    .where(eq(reportScheduleRecipient.scheduleId, id));
  return id;
}

const deliveries = (scheduleId: number) => db.select().from(reportDelivery).where(eq(reportDelivery.scheduleId, scheduleId));

// ---- Reading the outbox ----------------------------------------------------------------------------------------------

interface Part {
  headers: Map<string, string>;
  body: Buffer;
}

/** RFC 2047 encoded words (`=?UTF-8?B?…?=`, `=?UTF-8?Q?…?=`) decoded; adjacent ones join without their space. */
const decodeWords = (value: string) =>
  value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?[^?]+\?([bBqQ])\?([^?]*)\?=/g, (_match, kind: string, data: string) =>
      kind.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : quoted(data.replaceAll('_', ' ')).toString('utf8'),
    );
const quoted = (text: string) =>
  Buffer.from(
    text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  );

function parsePart(raw: Buffer): Part {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw
    .subarray(0, split)
    .toString('latin1')
    .replace(/\r\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  const content = raw.subarray(split + 4);
  const encoding = headers.get('content-transfer-encoding')?.toLowerCase();
  const body =
    encoding === 'base64'
      ? Buffer.from(content.toString('latin1'), 'base64')
      : encoding === 'quoted-printable'
        ? quoted(content.toString('latin1'))
        : content;
  return { headers, body };
}

interface Mail {
  file: string;
  to: string;
  subject: string;
  text: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

/** A .eml the mailer wrote: its recipient, subject, text and attachments. */
function parseMail(file: string, raw: Buffer): Mail {
  const top = parsePart(raw);
  const boundary = /boundary="?([^";]+)"?/.exec(top.headers.get('content-type') ?? '')?.[1];
  const parts = boundary
    ? top.body
        .toString('latin1')
        .split(`--${boundary}`)
        .slice(1, -1)
        .map((chunk) => parsePart(Buffer.from(chunk.replace(/^\r\n/, ''), 'latin1')))
    : [top];
  const text = parts.find((part) => part.headers.get('content-type')?.startsWith('text/plain'));
  return {
    file,
    to: top.headers.get('to') ?? '',
    subject: decodeWords(top.headers.get('subject') ?? ''),
    text: text?.body.toString('utf8') ?? '',
    attachments: parts
      .filter((part) => part.headers.get('content-disposition')?.startsWith('attachment'))
      .map((part) => ({
        filename: /filename="?([^";]+)"?/.exec(part.headers.get('content-disposition') ?? '')?.[1] ?? '',
        contentType: part.headers.get('content-type')?.split(';')[0] ?? '',
        content: part.body,
      })),
  };
}

const seen = new Set<string>();
/** The mails written to the outbox since the last call. */
async function newMails(): Promise<Mail[]> {
  const files = (await readdir(outbox).catch(() => [] as string[])).filter((file) => file.endsWith('.eml') && !seen.has(file)).sort();
  const mails: Mail[] = [];
  for (const file of files) {
    seen.add(file);
    mails.push(parseMail(file, await readFile(path.join(outbox, file))));
  }
  return mails;
}

// ---- The calls -------------------------------------------------------------------------------------------------------

describe('report schedules', () => {
  it('creates, lists, changes and deletes schedules; a schedule is seen by those who see all of it', async () => {
    const created = await create(company.token, {
      name: '  Weekly ops ',
      frequency: 'weekly',
      fleetId: tree.fleet,
      recipients: [company.id, fleet.id, company.id],
    });
    expect(created).toMatchObject({ code: 200 });
    const id = created.data.id;
    const [record] = (await list(company.token)).records;
    expect(record).toMatchObject({
      id,
      name: 'Weekly ops',
      frequency: 'weekly',
      enabled: true,
      agentId: null,
      companyId: null,
      fleetId: tree.fleet,
      fleetName: 'Fleet Reports',
      createdBy: 'rs.company',
      lastDelivery: null,
    });
    expect(record?.recipients.map((r) => r.username)).toEqual(['rs.company', 'rs.fleet']);
    expect(record?.recipients[0]).toMatchObject({ role: 'COMPANY_ADMIN', cannotReceive: null });

    // The company admin is a recipient: the fleet admin, who may not see that account, does not see the schedule.
    expect(await listedIds(fleet.token)).not.toContain(id);
    expect(await call(ctx, fleet.token, reportScheduleApi.update, { id, enabled: false })).toMatchObject({
      codeKey: 'PERMISSION_CHECK_FAIL',
    });
    // A fleet admin's own schedule of its fleet is seen by it and by its company admin, not by the sibling fleet's.
    const own = await create(fleet.token, { name: 'Mine', frequency: 'monthly', recipients: [fleet.id] });
    expect(own.code).toBe(200);
    expect(await listedIds(fleet.token)).toEqual([own.data.id]);
    expect(await listedIds(company.token)).toEqual([own.data.id, id]);
    expect(await listedIds(fleet2.token)).toEqual([]);
    expect((await list(admin, { frequency: 'monthly' })).records.map((r) => r.id)).toEqual([own.data.id]);
    expect((await list(admin, { name: 'ops' })).records.map((r) => r.id)).toEqual([id]);

    // Changing: name, frequency, organisation, recipients, off.
    expect(
      await call(ctx, company.token, reportScheduleApi.update, {
        id,
        name: 'Monthly ops',
        frequency: 'monthly',
        fleetId: null,
        companyId: tree.company,
        recipients: [company.id],
        enabled: false,
      }),
    ).toMatchObject({ code: 200 });
    const changed = (await list(company.token)).records.find((r) => r.id === id);
    expect(changed).toMatchObject({ name: 'Monthly ops', frequency: 'monthly', enabled: false, companyId: tree.company, fleetId: null });
    expect(changed?.recipients.map((r) => r.username)).toEqual(['rs.company']);
    // Now only the company admin's: the fleet admin was never shown it, and a company report is not a fleet admin's to read.
    expect(await call(ctx, company.token, reportScheduleApi.update, { id, recipients: [company.id, fleet.id] })).toMatchObject({
      codeKey: 'PARAM_CHECK_FAIL',
      data: { field: 'recipients', accountId: [fleet.id] },
    });
    expect(await call(ctx, company.token, reportScheduleApi.update, { id, enabled: true })).toMatchObject({ code: 200 });

    expect(await call(ctx, company.token, reportScheduleApi.remove, { id })).toMatchObject({ code: 200 });
    expect(await listedIds(company.token)).toEqual([own.data.id]);
    expect(await call(ctx, company.token, reportScheduleApi.remove, { id })).toMatchObject({ codeKey: 'PERMISSION_CHECK_FAIL' });
    expect(await call(ctx, admin, reportScheduleApi.remove, { id })).toMatchObject({ codeKey: 'PARAM_CHECK_FAIL' });

    const log = await call(ctx, admin, logApi.list, { action: 'report.schedule', page: 1, limit: 50 });
    const actions = log.data.records.map((r) => `${r.action}:${r.target}`);
    expect(actions).toEqual(
      expect.arrayContaining([`report.schedule.create:${id}`, `report.schedule.update:${id}`, `report.schedule.delete:${id}`]),
    );
  });

  it('takes recipients and organisations the creator may see only', async () => {
    // Another company's admin: neither this company's accounts nor its organisations.
    expect(await create(stranger.token, { name: 'X', frequency: 'weekly', recipients: [company.id] })).toMatchObject({
      status: 403,
      codeKey: 'PERMISSION_CHECK_FAIL',
    });
    expect(
      await create(stranger.token, { name: 'X', frequency: 'weekly', companyId: tree.company, recipients: [stranger.id] }),
    ).toMatchObject({ codeKey: 'PERMISSION_CHECK_FAIL' });
    // A fleet admin names neither its company admin nor the sibling fleet.
    expect(await create(fleet.token, { name: 'X', frequency: 'weekly', recipients: [company.id] })).toMatchObject({
      codeKey: 'PERMISSION_CHECK_FAIL',
    });
    expect(await create(fleet.token, { name: 'X', frequency: 'weekly', fleetId: secondFleet, recipients: [fleet.id] })).toMatchObject({
      codeKey: 'PERMISSION_CHECK_FAIL',
    });
    // The Super Admin learns what does not exist.
    expect(await create(admin, { name: 'X', frequency: 'weekly', recipients: [2_000_000_000] })).toMatchObject({
      codeKey: 'USER_NOT_EXIST',
    });
    expect(await create(admin, { name: 'X', frequency: 'weekly', fleetId: tree.company, recipients: [company.id] })).toMatchObject({
      codeKey: 'ORG_NOT_EXIST',
    });
    // A site admin reads no statistics; a fleet admin does not see the other fleet the report would be of.
    expect(await create(company.token, { name: 'X', frequency: 'weekly', recipients: [site.id] })).toMatchObject({
      codeKey: 'PARAM_CHECK_FAIL',
      data: { field: 'recipients', accountId: [site.id] },
    });
    expect(
      await create(company.token, { name: 'X', frequency: 'weekly', fleetId: secondFleet, recipients: [fleet.id, fleet2.id] }),
    ).toMatchObject({
      codeKey: 'PARAM_CHECK_FAIL',
      data: { field: 'recipients', accountId: [fleet.id] },
    });
    // Another company's schedule is out of reach for every call.
    const theirs = await create(stranger.token, { name: 'Theirs', frequency: 'weekly', recipients: [stranger.id] });
    expect(theirs.code).toBe(200);
    const theirCalls: [string, () => Promise<Answer<unknown>>][] = [
      ['update', () => call(ctx, company.token, reportScheduleApi.update, { id: theirs.data.id, name: 'Mine now' })],
      ['remove', () => call(ctx, company.token, reportScheduleApi.remove, { id: theirs.data.id })],
      ['send', () => call(ctx, company.token, reportScheduleApi.send, { id: theirs.data.id })],
    ];
    for (const [name, send] of theirCalls) expect(await send(), name).toMatchObject({ codeKey: 'PERMISSION_CHECK_FAIL' });
    expect(await listedIds(company.token)).not.toContain(theirs.data.id);
    // Nor may a schedule be sent "now" to someone else's account.
    const mine = await create(company.token, { name: 'Mine', frequency: 'weekly', recipients: [company.id] });
    expect(await call(ctx, company.token, reportScheduleApi.send, { id: mine.data.id, accountId: [stranger.id] })).toMatchObject({
      codeKey: 'PERMISSION_CHECK_FAIL',
    });

    // The account picker offers the statistics readers of the caller's scope.
    const options = (await call(ctx, company.token, reportScheduleApi.recipients, { keyword: 'rs.' })).data;
    expect(options.map((o) => o.username)).toEqual(['rs.company', 'rs.fleet', 'rs.fleet2']);
    const fleetOptions = (await call(ctx, fleet.token, reportScheduleApi.recipients, {})).data;
    expect(fleetOptions.map((o) => o.username)).toEqual(['rs.fleet']);
    expect(await call(ctx, site.token, reportScheduleApi.list, { page: 1, limit: 20 })).toMatchObject({ codeKey: 'PERMISSION_CHECK_FAIL' });
  });

  it('answers hostile input with the envelope, never a 500', async () => {
    const good: ReportScheduleCreateBody = { name: 'Fine', frequency: 'weekly', recipients: [company.id] };
    const { data } = await create(company.token, good);
    // Hostile input: out of bounds, blank, of the wrong type or unknown, so not all of it typed.
    const refusals: [Endpoint, unknown][] = [
      [reportScheduleApi.create, { ...good, recipients: [2_147_483_648] }],
      [reportScheduleApi.create, { ...good, recipients: [] }],
      [reportScheduleApi.create, { ...good, recipients: Array.from({ length: 51 }, (_, i) => i + 1) }],
      [reportScheduleApi.create, { ...good, name: 'bad\u0000name' }],
      [reportScheduleApi.create, { ...good, name: '   ' }],
      [reportScheduleApi.create, { ...good, name: 'x'.repeat(101) }],
      [reportScheduleApi.create, { ...good, frequency: 'daily' }],
      [reportScheduleApi.create, { ...good, fleetId: 2_147_483_648 }],
      [reportScheduleApi.create, { ...good, companyId: 'one' }],
      [reportScheduleApi.update, { id: data.id }],
      // An unknown field is no change to make.
      [reportScheduleApi.update, { id: data.id, colour: 'red' }],
      [reportScheduleApi.update, { id: 2_147_483_648, enabled: false }],
      [reportScheduleApi.update, { id: data.id, recipients: null }],
      [reportScheduleApi.remove, { id: 99_999_999_999 }],
      [reportScheduleApi.remove, { id: -1 }],
      [reportScheduleApi.send, { id: data.id, accountId: [] }],
      [reportScheduleApi.list, { page: 2_147_483_648 }],
      [reportScheduleApi.recipients, { keyword: 'a\u0000b' }],
    ];
    for (const [endpoint, input] of refusals) {
      const answer = await callUnchecked(ctx, company.token, endpoint, input);
      expect(answer, `${endpoint.method} ${endpoint.path} ${JSON.stringify(input)}`).toMatchObject({
        status: 400,
        codeKey: 'PARAM_CHECK_FAIL',
      });
      expect(typeof answer.msg).toBe('string');
    }
    expect((await list(company.token)).records).toHaveLength(1);
  });
});

// ---- The job ---------------------------------------------------------------------------------------------------------

/** Monday 4 March 2030: 06:00 is 05:00 UTC in Oslo, 21:00 UTC the day before in Tokyo, 11:00 UTC in New York. */
const MONDAY = '2030-03-04';
const at = (iso: string) => Date.parse(iso);

describe('the scheduled reports job', () => {
  it('sends each recipient one mail per period, in its language with the PDF attached, though runs race on two nodes', async () => {
    await newMails();
    const id = await activeSchedule(
      { name: 'Fleet weekly', fleetId: tree.fleet, recipients: [company.id, fleet.id] },
      '2030-03-01T00:00:00Z',
    );
    const t = at(`${MONDAY}T12:00:00Z`);
    const runs = await Promise.all([
      ctx.app.reportSchedules.job.run(t),
      ctx.app.reportSchedules.job.run(t),
      node2.reportSchedules.job.run(t),
    ]);
    expect(runs.reduce((sum, run) => sum + run.sent, 0)).toBe(2);
    const mails = await newMails();
    expect(mails.map((mail) => mail.to).sort()).toEqual([company.email, fleet.email]);
    const rows = await deliveries(id);
    expect(rows.map((row) => [row.accountId, row.periodStart, row.state, row.attempts]).sort()).toEqual(
      [
        [company.id, '2030-02-25', 'sent', 1],
        [fleet.id, '2030-02-25', 'sent', 1],
      ].sort(),
    );

    const norwegian = mails.find((mail) => mail.to === company.email);
    expect(norwegian?.subject).toMatch(/^Safety Shield: ukerapport «Fleet weekly», /);
    expect(norwegian?.text).toContain('sikkerhetsrapporten «Fleet weekly»');
    expect(norwegian?.text).toContain('Fleet Reports');
    expect(norwegian?.text).toContain('Europe/Oslo');
    const russian = mails.find((mail) => mail.to === fleet.email);
    expect(russian?.subject).toMatch(/^Safety Shield: еженедельный отчёт «Fleet weekly», /);
    expect(russian?.text).toContain('Asia/Tokyo');
    for (const mail of mails) {
      expect(mail.attachments).toHaveLength(1);
      const [pdf] = mail.attachments;
      expect(pdf).toMatchObject({ filename: 'safety-report-2030-02-25_2030-03-03.pdf', contentType: 'application/pdf' });
      expect(pdf?.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }

    // Again, later the same week: nothing more.
    expect(await ctx.app.reportSchedules.job.run(t)).toEqual({ sent: 0, skipped: 0, failed: 0 });
    expect(await node2.reportSchedules.job.run(t + 2 * 86_400_000)).toEqual({ sent: 0, skipped: 0, failed: 0 });
    expect(await newMails()).toEqual([]);

    // Three weeks on (no node ran meanwhile): the latest week only, once.
    const later = t + 21 * 86_400_000;
    const again = await Promise.all([ctx.app.reportSchedules.job.run(later), node2.reportSchedules.job.run(later)]);
    expect(again.reduce((sum, run) => sum + run.sent, 0)).toBe(2);
    expect((await newMails()).length).toBe(2);
    expect((await deliveries(id)).map((row) => row.periodStart).sort()).toEqual(['2030-02-25', '2030-02-25', '2030-03-18', '2030-03-18']);

    // The list tells how the latest period went.
    const listed = (await list(company.token)).records.find((r) => r.id === id);
    expect(listed?.lastDelivery).toEqual({
      periodStart: '2030-03-18',
      sent: 2,
      failed: 0,
      sending: 0,
      skipped: 0,
      lastSentTime: later,
      missed: [],
    });
  });

  it("sends when it is due in the recipient's own zone", async () => {
    await newMails();
    const id = await activeSchedule({ name: 'Zones', recipients: [fleet.id, fleet2.id] }, '2030-03-01T00:00:00Z');
    const job = ctx.app.reportSchedules.job;
    // 05:59 on Monday in Tokyo: nobody yet.
    expect(await job.run(at('2030-03-03T20:59:00Z'))).toMatchObject({ sent: 0 });
    // 06:00 in Tokyo: the Tokyo recipient; New York is still on Sunday.
    expect(await job.run(at('2030-03-03T21:00:00Z'))).toMatchObject({ sent: 1 });
    expect((await newMails()).map((mail) => mail.to)).toEqual([fleet.email]);
    expect(await job.run(at(`${MONDAY}T10:59:00Z`))).toMatchObject({ sent: 0 });
    expect(await job.run(at(`${MONDAY}T11:00:00Z`))).toMatchObject({ sent: 1 });
    const [german] = await newMails();
    expect(german?.to).toBe(fleet2.email);
    expect(german?.subject).toMatch(/^Safety Shield: Wochenbericht „Zones“, /);
    expect((await deliveries(id)).map((row) => row.periodStart)).toEqual(['2030-02-25', '2030-02-25']);
    // The period in each zone: the week before the latest Monday 06:00, the month before the latest 1st 06:00.
    expect(latestPeriod('weekly', 'Asia/Tokyo', at('2030-03-03T21:00:00Z'))).toMatchObject({
      periodStart: '2030-02-25',
      periodEnd: '2030-03-03',
    });
    expect(latestPeriod('weekly', 'America/New_York', at('2030-03-03T21:00:00Z'))).toMatchObject({ periodStart: '2030-02-18' });
    expect(latestPeriod('monthly', 'Europe/Oslo', at('2030-01-01T04:59:00Z'))).toMatchObject({
      periodStart: '2029-11-01',
      periodEnd: '2029-11-30',
    });
    expect(latestPeriod('monthly', 'Europe/Oslo', at('2030-01-01T05:00:00Z'))).toMatchObject({
      periodStart: '2029-12-01',
      periodEnd: '2029-12-31',
    });
  });

  it('takes over a claim whose node died once its lease ends, and retries a failed mail later', async () => {
    await newMails();
    const id = await activeSchedule({ name: 'Monthly', frequency: 'monthly', recipients: [fleet2.id, fleet.id] }, '2030-02-15T00:00:00Z');
    const t = at('2030-03-01T12:00:00Z');
    // A node claimed New York's delivery and died before it sent anything.
    const due = { scheduleId: id, accountId: fleet2.id, periodStart: '2030-02-01', deliveryId: null };
    expect(await claim(db, due, t, LEASE_MS, MAX_ATTEMPTS)).toBe(1);
    // The mail server refuses Tokyo's; New York's is still claimed.
    expect(await brokenMail.reportSchedules.job.run(t + 60_000)).toEqual({ sent: 0, skipped: 0, failed: 1 });
    const [failed] = await db
      .select()
      .from(reportDelivery)
      .where(and(eq(reportDelivery.scheduleId, id), eq(reportDelivery.accountId, fleet.id)));
    expect(failed).toMatchObject({ state: 'failed', attempts: 1, lastError: 'SEND_EMAIL_EXCEPTION' });
    expect(failed?.nextTryAt?.getTime()).toBe(t + 60_000 + 5 * 60_000);
    expect(await ctx.app.reportSchedules.job.run(t + 2 * 60_000)).toEqual({ sent: 0, skipped: 0, failed: 0 });
    // After the retry delay: Tokyo's again; after the lease: New York's, by another node.
    expect(await ctx.app.reportSchedules.job.run(t + 6 * 60_000)).toEqual({ sent: 1, skipped: 0, failed: 0 });
    expect(await node2.reportSchedules.job.run(t + LEASE_MS + 1000)).toEqual({ sent: 1, skipped: 0, failed: 0 });
    const rows = await deliveries(id);
    expect(rows.map((row) => [row.accountId, row.state, row.attempts, row.lastError]).sort()).toEqual(
      [
        [fleet.id, 'sent', 2, null],
        [fleet2.id, 'sent', 2, null],
      ].sort(),
    );
    const mails = await newMails();
    expect(mails.map((mail) => mail.to).sort()).toEqual([fleet.email, fleet2.email].sort());
    expect(mails.find((mail) => mail.to === fleet2.email)?.subject).toMatch(/^Safety Shield: Monatsbericht „Monthly“, Februar 2030$/);
  });

  it('skips accounts that cannot receive it, and "send now" sends at once', async () => {
    await newMails();
    const id = await activeSchedule({ name: 'Skips', recipients: [company.id, fleet.id, fleet2.id] }, '2030-03-01T00:00:00Z');
    await db.update(account).set({ state: 'disabled' }).where(eq(account.id, fleet2.id));
    await db
      .update(account)
      .set({ paramSetting: { emailNotifications: false } })
      .where(eq(account.id, fleet.id));
    try {
      expect(await ctx.app.reportSchedules.job.run(at(`${MONDAY}T12:00:00Z`))).toEqual({ sent: 1, skipped: 2, failed: 0 });
      const rows = await deliveries(id);
      expect(rows.map((row) => [row.accountId, row.state, row.lastError]).sort()).toEqual(
        [
          [company.id, 'sent', null],
          [fleet.id, 'skipped', 'UNSUBSCRIBED'],
          [fleet2.id, 'skipped', 'ACCOUNT_UNAVAILABLE'],
        ].sort(),
      );
      expect((await newMails()).map((mail) => mail.to)).toEqual([company.email]);

      const now = await call(ctx, company.token, reportScheduleApi.send, { id });
      expect(now).toMatchObject({ code: 200, data: { sent: 1, skipped: 2, failed: 0 } });
      // Each account named with how it went, and why when it got nothing.
      expect([...now.data.recipients].sort((a, b) => a.accountId - b.accountId)).toEqual(
        [
          { accountId: company.id, username: 'rs.company', realName: null, state: 'sent', reason: null },
          { accountId: fleet.id, username: 'rs.fleet', realName: null, state: 'skipped', reason: 'UNSUBSCRIBED' },
          { accountId: fleet2.id, username: 'rs.fleet2', realName: null, state: 'skipped', reason: 'ACCOUNT_UNAVAILABLE' },
        ].sort((a, b) => a.accountId - b.accountId),
      );
      const [sent] = await newMails();
      expect(sent?.to).toBe(company.email);
      expect(sent?.attachments[0]?.content.subarray(0, 4).toString('latin1')).toBe('%PDF');
      // Each recipient's delivery of the period sent now (this week's, beside the job's of 2030).
      expect(await deliveries(id)).toHaveLength(6);
      expect(await call(ctx, company.token, reportScheduleApi.send, { id, accountId: [company.id] })).toMatchObject({
        data: { sent: 1, skipped: 0, failed: 0, recipients: [{ accountId: company.id, state: 'sent', reason: null }] },
      });
      expect(await newMails()).toHaveLength(1);
      expect(await deliveries(id)).toHaveLength(6);
    } finally {
      await db.update(account).set({ state: 'usable' }).where(eq(account.id, fleet2.id));
      await db.update(account).set({ paramSetting: null }).where(eq(account.id, fleet.id));
    }
  });
});

describe('recipients who cannot receive, and "send now"', () => {
  it('names why a recipient would get nothing, in the picker and in the schedule', async () => {
    const noMail = await signedIn(ctx, 'rs.nomail', 'FLEET_ADMIN', tree);
    await db
      .update(account)
      .set({ paramSetting: { emailNotifications: false } })
      .where(eq(account.id, fleet.id));
    try {
      const options = (await call(ctx, company.token, reportScheduleApi.recipients, { keyword: 'rs.' })).data;
      const reasons = Object.fromEntries(options.map((option) => [option.username, option.cannotReceive]));
      expect(reasons).toMatchObject({ 'rs.company': null, 'rs.nomail': 'NO_EMAIL', 'rs.fleet': 'UNSUBSCRIBED' });
      const created = await create(company.token, { name: 'Reasons', frequency: 'weekly', recipients: [company.id, noMail.id] });
      expect(created.code).toBe(200);
      // An account disabled after it was named stays a recipient, marked.
      await db.update(account).set({ state: 'disabled' }).where(eq(account.id, noMail.id));
      const [record] = (await list(company.token)).records;
      expect(record?.recipients.map((r) => [r.username, r.cannotReceive])).toEqual([
        ['rs.company', null],
        ['rs.nomail', 'ACCOUNT_UNAVAILABLE'],
      ]);
    } finally {
      await db.update(account).set({ paramSetting: null }).where(eq(account.id, fleet.id));
    }
  });

  it('names each recipient’s outcome; every send, now or scheduled, is the schedule’s last delivery', async () => {
    await newMails();
    const noMail = await signedIn(ctx, 'rs.nomail2', 'FLEET_ADMIN', tree);
    // Active long ago: the job would send the latest week to both.
    const id = await activeSchedule({ name: 'Now', recipients: [company.id, noMail.id] }, '2020-01-01T00:00:00Z');
    expect((await list(company.token)).records[0]?.lastDelivery).toBeNull();

    const before = Date.now();
    const now = await call(ctx, company.token, reportScheduleApi.send, { id });
    expect(now.data).toEqual({
      sent: 1,
      skipped: 1,
      failed: 0,
      recipients: [
        { accountId: company.id, username: 'rs.company', realName: null, state: 'sent', reason: null },
        { accountId: noMail.id, username: 'rs.nomail2', realName: null, state: 'skipped', reason: 'NO_EMAIL' },
      ],
    });
    expect((await newMails()).map((mail) => mail.to)).toEqual([company.email]);
    const delivered = (await list(company.token)).records[0]?.lastDelivery;
    expect(delivered).toMatchObject({
      periodStart: latestPeriod('weekly', 'Europe/Oslo', before).periodStart,
      sent: 1,
      skipped: 1,
      failed: 0,
      missed: [{ accountId: noMail.id, username: 'rs.nomail2', state: 'skipped', reason: 'NO_EMAIL' }],
    });
    expect(delivered?.lastSentTime).toBeGreaterThanOrEqual(before);

    // The job does not send again the week that went out now, nor retry the skipped one.
    expect(await ctx.app.reportSchedules.job.run(Date.now())).toEqual({ sent: 0, skipped: 0, failed: 0 });
    expect(await newMails()).toEqual([]);

    // The mail server refuses: the answer and the list say so per recipient; the last successful send's time stays.
    const refused = await call(brokenMail, company.token, reportScheduleApi.send, { id, accountId: [company.id] });
    expect(refused.data).toMatchObject({
      sent: 0,
      failed: 1,
      recipients: [{ accountId: company.id, state: 'failed', reason: 'SEND_EMAIL_EXCEPTION' }],
    });
    const failed = (await list(company.token)).records[0]?.lastDelivery;
    expect(failed).toMatchObject({ sent: 0, skipped: 1, failed: 1, lastSentTime: delivered?.lastSentTime });
    expect(failed?.missed.map((m) => [m.username, m.state, m.reason])).toEqual([
      ['rs.company', 'failed', 'SEND_EMAIL_EXCEPTION'],
      ['rs.nomail2', 'skipped', 'NO_EMAIL'],
    ]);
    // A mail once sent is not retried by the job after a later failure of "send now".
    expect(await ctx.app.reportSchedules.job.run(Date.now() + 6 * 60_000)).toEqual({ sent: 0, skipped: 0, failed: 0 });

    // Sent again: the list says so.
    await call(ctx, company.token, reportScheduleApi.send, { id, accountId: [company.id] });
    expect((await list(company.token)).records[0]?.lastDelivery).toMatchObject({ sent: 1, skipped: 1, failed: 0 });
    expect(await newMails()).toHaveLength(1);
  });

  it('leaves the job a period "send now" could not send when the job would send it itself', async () => {
    await newMails();
    const id = await activeSchedule({ name: 'Retry', recipients: [company.id] }, '2020-01-01T00:00:00Z');
    expect((await call(brokenMail, company.token, reportScheduleApi.send, { id })).data).toMatchObject({ failed: 1 });
    const [row] = await deliveries(id);
    expect(row).toMatchObject({ state: 'failed', attempts: 1, lastError: 'SEND_EMAIL_EXCEPTION' });
    // Not before its retry; after it, the job sends it.
    expect(await ctx.app.reportSchedules.job.run(Date.now())).toEqual({ sent: 0, skipped: 0, failed: 0 });
    expect(await ctx.app.reportSchedules.job.run(Date.now() + 6 * 60_000)).toEqual({ sent: 1, skipped: 0, failed: 0 });
    expect((await newMails()).map((mail) => mail.to)).toEqual([company.email]);
  });
});

describe('the scheduled report e-mail', () => {
  const mail = (language: (typeof languages)[number], frequency: 'weekly' | 'monthly') => ({
    user: 'Kari Nordmann',
    name: 'Ops',
    frequency,
    period: periodText(
      language,
      frequency,
      frequency === 'weekly' ? '2030-02-25' : '2030-02-01',
      frequency === 'weekly' ? '2030-03-03' : '2030-02-28',
    ),
    organisation: 'Fleet North',
    timeZone: 'Europe/Oslo',
  });

  it.each(languages)('%s names the schedule, period, organisation and zone, in its own words', (language) => {
    for (const frequency of ['weekly', 'monthly'] as const) {
      const words = mail(language, frequency);
      const texts = reportEmailTexts[language];
      for (const value of ['Ops', words.period]) expect(texts.subject(words)).toContain(value);
      for (const value of ['Kari Nordmann', 'Ops', words.period, 'Fleet North', 'Europe/Oslo']) expect(texts.text(words)).toContain(value);
      expect(texts.text({ ...words, organisation: null })).not.toMatch(/null|undefined/);
      if (language !== 'en') {
        expect(texts.subject(words)).not.toBe(reportEmailTexts.en.subject(mail('en', frequency)));
        expect(texts.text(words)).not.toBe(reportEmailTexts.en.text(mail('en', frequency)));
      }
    }
    expect(new Set(languages.map((other) => reportEmailTexts[other].subject(mail(other, 'weekly')))).size).toBe(languages.length);
  });

  it('names a week by its days and a month by its name', () => {
    // Intl puts thin spaces around the dash.
    expect(periodText('en', 'weekly', '2030-02-25', '2030-03-03').replace(/\s/g, ' ')).toBe('25 February – 3 March 2030');
    expect(periodText('de', 'monthly', '2030-02-01', '2030-02-28')).toBe('Februar 2030');
    expect(periodText('ru', 'monthly', '2030-02-01', '2030-02-28')).toMatch(/^февраль 2030/);
  });
});
