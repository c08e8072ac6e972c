import { buffer } from 'node:stream/consumers';
import {
  type Language,
  type Page,
  type ReportRecipient,
  type ReportSchedule,
  type ReportScheduleCreateBody,
  type ReportScheduleListQuery,
  type ReportScheduleUpdateBody,
  type ReportSendBody,
  type ReportSent,
  toLanguage,
} from '@safety-shield/contract';
import { and, eq, notInArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { account, org, reportSchedule, reportScheduleRecipient } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import type { Principal } from '../../http/principal.js';
import { type Chain, inScope, outOfScope } from '../../http/scope.js';
import type { Mailer } from '../../mail/mailer.js';
import { periodText, reportEmailTexts } from '../../texts/report-email.js';
import { accountPrincipal } from '../account/index.js';
import type { ReportService } from '../reports/index.js';
import { type DuePeriod, latestPeriod, periodFrom, zoneOf } from './periods.js';
import {
  checkedOrgs,
  checkedRecipients,
  commonChain,
  lockedSchedule,
  orgFilterOf,
  type ReportOrgs,
  readsReports,
  recipientIds,
  recipientOptions,
  reportOrgsOf,
  type ScheduleRow,
  scheduleList,
} from './repo.js';

/** How one delivery to one recipient ended; a skip or failure says why in a code, never in words that could hold a secret. */
export type Outcome = { state: 'sent' } | { state: 'skipped'; reason: SkipReason } | { state: 'failed'; error: string };

/**
 * Why an account gets nothing: it is disabled or expired or its organisation forbidden, has no e-mail address, turned
 * e-mail notifications off (`/v1/account/unsubscribe`), or no longer reads statistics or sees the report's organisation.
 */
export type SkipReason = 'ACCOUNT_UNAVAILABLE' | 'NO_EMAIL' | 'UNSUBSCRIBED' | 'NO_ACCESS';

/** A name as given, trimmed; blank is PARAM_CHECK_FAIL. */
function checkedName(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) throw new AppError('PARAM_CHECK_FAIL', 'name', { field: 'name' });
  return trimmed;
}

/** The columns of a schedule's report organisations and of the chain it belongs to. */
const placed = (orgs: ReportOrgs, chain: Chain) => ({
  reportAgentId: orgs.agentId,
  reportCompanyId: orgs.companyId,
  reportFleetId: orgs.fleetId,
  belongAgentId: chain.agentId,
  belongCompanyId: chain.companyId,
  belongFleetId: chain.fleetId,
});

/** The report of an organisation the recipient no longer sees, or statistics it may no longer read. */
const lostAccess = (err: unknown) =>
  err instanceof AppError &&
  (err.codeKey === 'PERMISSION_CHECK_FAIL' || err.codeKey === 'ORG_NOT_EXIST' || err.codeKey === 'PERMISSION_ROLE_FAIL');

/**
 * Report schedules (issue 19): who gets which organisation's report how often. Every write is one transaction; a
 * schedule's chain is the deepest one holding its organisation and all its recipients, so whoever sees a schedule sees
 * all of it. `deliver` renders and mails one recipient's report, for the job and for "send now".
 */
export class ReportScheduleService {
  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly reports: ReportService,
    private readonly log: FastifyBaseLogger,
  ) {}

  list(principal: Principal, query: ReportScheduleListQuery): Promise<Page<ReportSchedule>> {
    return scheduleList(this.db, principal, query);
  }

  recipients(principal: Principal, keyword: string | undefined): Promise<ReportRecipient[]> {
    return recipientOptions(this.db, principal, keyword);
  }

  async create(principal: Principal, body: ReportScheduleCreateBody): Promise<{ id: number }> {
    const name = checkedName(body.name);
    const orgs: ReportOrgs = { agentId: body.agentId ?? null, companyId: body.companyId ?? null, fleetId: body.fleetId ?? null };
    return this.db.transaction(async (tx) => {
      const chain = await this.chainOf(tx, principal, orgs, body.recipients);
      const [created] = await tx
        .insert(reportSchedule)
        .values({
          name,
          frequency: body.frequency,
          enabled: body.enabled ?? true,
          ...placed(orgs, chain),
          createdById: principal.accountId,
          createdByName: principal.username,
        })
        .returning({ id: reportSchedule.id });
      if (!created) throw new AppError('SERVER_EXCEPTION');
      await tx
        .insert(reportScheduleRecipient)
        .values([...new Set(body.recipients)].map((accountId) => ({ scheduleId: created.id, accountId })));
      return created;
    });
  }

  /**
   * Changes the fields given. Recipients and organisations are checked again when either changes (every recipient must
   * still be one the caller may name); switching a schedule on or changing its frequency starts it afresh, so a period
   * that fell due before is not sent late.
   */
  async update(principal: Principal, body: ReportScheduleUpdateBody): Promise<void> {
    const name = body.name === undefined ? undefined : checkedName(body.name);
    await this.db.transaction(async (tx) => {
      const row = await lockedSchedule(tx, principal, body.id);
      const current = reportOrgsOf(row);
      const orgs: ReportOrgs = {
        agentId: body.agentId === undefined ? current.agentId : body.agentId,
        companyId: body.companyId === undefined ? current.companyId : body.companyId,
        fleetId: body.fleetId === undefined ? current.fleetId : body.fleetId,
      };
      const rechecked =
        body.recipients !== undefined || body.agentId !== undefined || body.companyId !== undefined || body.fleetId !== undefined;
      const chain = rechecked
        ? await this.chainOf(tx, principal, orgs, body.recipients ?? (await recipientIds(tx, row.id)))
        : { agentId: row.belongAgentId, companyId: row.belongCompanyId, fleetId: row.belongFleetId };
      const enabled = body.enabled ?? row.enabled;
      const frequency = body.frequency ?? row.frequency;
      const now = new Date();
      await tx
        .update(reportSchedule)
        .set({
          name: name ?? row.name,
          frequency,
          enabled,
          ...placed(orgs, chain),
          ...((enabled && !row.enabled) || frequency !== row.frequency ? { activeSince: now } : {}),
          updatedAt: now,
        })
        .where(eq(reportSchedule.id, row.id));
      if (body.recipients !== undefined) {
        const ids = [...new Set(body.recipients)];
        await tx
          .delete(reportScheduleRecipient)
          .where(and(eq(reportScheduleRecipient.scheduleId, row.id), notInArray(reportScheduleRecipient.accountId, ids)));
        await tx
          .insert(reportScheduleRecipient)
          .values(ids.map((accountId) => ({ scheduleId: row.id, accountId })))
          .onConflictDoNothing();
      }
    });
  }

  /** Deletes a schedule with its recipients and deliveries (one statement: they cascade). */
  async remove(principal: Principal, id: number): Promise<void> {
    const deleted = await this.db
      .delete(reportSchedule)
      .where(and(inScope(principal, reportSchedule), eq(reportSchedule.id, id)))
      .returning({ id: reportSchedule.id });
    if (deleted.length === 0) throw outOfScope(principal, 'PARAM_CHECK_FAIL');
  }

  /**
   * Sends the schedule's latest period now, outside the schedule's own deliveries (which it neither makes nor counts):
   * to the accounts named, each one the caller may name as a recipient, else to the schedule's recipients.
   */
  async sendNow(principal: Principal, { id, accountId }: ReportSendBody): Promise<ReportSent> {
    const [schedule] = await this.db
      .select()
      .from(reportSchedule)
      .where(and(inScope(principal, reportSchedule), eq(reportSchedule.id, id)));
    if (!schedule) throw outOfScope(principal, 'PARAM_CHECK_FAIL');
    let targets: number[];
    if (accountId) {
      await checkedRecipients(this.db, principal, accountId, await checkedOrgs(this.db, principal, reportOrgsOf(schedule)));
      targets = [...new Set(accountId)];
    } else targets = await recipientIds(this.db, id);
    const sent: ReportSent = { sent: 0, skipped: 0, failed: 0 };
    const now = Date.now();
    for (const target of targets) {
      const outcome = await this.deliver(schedule, target, now);
      if (outcome.state === 'sent') sent.sent += 1;
      else if (outcome.state === 'skipped') sent.skipped += 1;
      else sent.failed += 1;
    }
    return sent;
  }

  /**
   * Renders the schedule's report as the recipient sees it (its own principal, as its session would have: SPEC section
   * 6 limits it to what it may see) in its language, dates in its zone, and mails it. `periodStart` names the period
   * (the job's claim); without it, the latest one due at `now` in the recipient's zone.
   */
  async deliver(schedule: ScheduleRow, accountId: number, now: number, periodStart?: string): Promise<Outcome> {
    const [recipient] = await this.db
      .select({
        username: account.username,
        realName: account.realName,
        email: account.email,
        language: account.language,
        timeZone: account.timeZone,
        paramSetting: account.paramSetting,
      })
      .from(account)
      .where(eq(account.id, accountId));
    const principal = recipient && (await accountPrincipal(this.db, accountId));
    if (!recipient || !principal) return { state: 'skipped', reason: 'ACCOUNT_UNAVAILABLE' };
    if (!readsReports(principal.role)) return { state: 'skipped', reason: 'NO_ACCESS' };
    const email = recipient.email?.trim();
    if (!email) return { state: 'skipped', reason: 'NO_EMAIL' };
    if ((recipient.paramSetting as { emailNotifications?: boolean } | null)?.emailNotifications === false)
      return { state: 'skipped', reason: 'UNSUBSCRIBED' };
    const language: Language = toLanguage(recipient.language) ?? 'en';
    const timeZone = zoneOf(recipient.timeZone);
    const period: Pick<DuePeriod, 'periodStart' | 'periodEnd'> =
      periodStart === undefined ? latestPeriod(schedule.frequency, timeZone, now) : periodFrom(schedule.frequency, periodStart);
    const orgs = reportOrgsOf(schedule);
    let pdf: Buffer;
    try {
      // The period's own days: the recipient's last week or month, whatever day it is in the companies' zones.
      const query = { range: 'custom' as const, fromDay: period.periodStart, toDay: period.periodEnd, ...orgFilterOf(orgs) };
      pdf = await buffer(await this.reports.pdf(principal, query, language, { now, timeZone }));
    } catch (err) {
      if (lostAccess(err)) return { state: 'skipped', reason: 'NO_ACCESS' };
      this.log.error({ err, schedule: schedule.id, accountId }, 'a scheduled report could not be rendered');
      return { state: 'failed', error: err instanceof AppError ? err.codeKey : 'SERVER_EXCEPTION' };
    }
    const texts = reportEmailTexts[language];
    const words = {
      user: recipient.realName?.trim() || recipient.username,
      name: schedule.name,
      frequency: schedule.frequency,
      period: periodText(language, schedule.frequency, period.periodStart, period.periodEnd),
      organisation: await this.organisationName(orgs),
      timeZone,
    };
    try {
      await this.mailer.send({
        to: email,
        subject: texts.subject(words),
        text: texts.text(words),
        attachments: [{ filename: `safety-report-${period.periodStart}.pdf`, content: pdf, contentType: 'application/pdf' }],
      });
    } catch (err) {
      return { state: 'failed', error: err instanceof AppError ? err.codeKey : 'SEND_EMAIL_EXCEPTION' };
    }
    return { state: 'sent' };
  }

  /** Checks the organisations and recipients as the caller may name them; answers the chain the schedule belongs to. */
  private async chainOf(tx: Db, principal: Principal, orgs: ReportOrgs, recipients: number[]) {
    const orgChains = await checkedOrgs(tx, principal, orgs);
    const recipientChains = await checkedRecipients(tx, principal, recipients, orgChains);
    return commonChain([...orgChains, ...recipientChains]);
  }

  /** The name of the organisation the report is of (the narrowest named); null for the recipient's whole scope. */
  private async organisationName(orgs: ReportOrgs): Promise<string | null> {
    const id = orgs.fleetId ?? orgs.companyId ?? orgs.agentId;
    if (id === null) return null;
    const [found] = await this.db.select({ name: org.name }).from(org).where(eq(org.id, id));
    return found?.name ?? null;
  }
}
