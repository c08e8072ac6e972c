import { buffer } from 'node:stream/consumers';
import {
  type Language,
  type Page,
  type ReportFailReason,
  type ReportRecipient,
  type ReportRecipientOutcome,
  type ReportSchedule,
  type ReportScheduleCreateBody,
  type ReportScheduleListQuery,
  type ReportScheduleUpdateBody,
  type ReportSendBody,
  type ReportSent,
  type ReportSkipReason,
  toLanguage,
} from '@safety-shield/contract';
import { and, eq, inArray, notInArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { account, org, reportSchedule, reportScheduleRecipient } from '../../db/schema.js';
import { belongingTo } from '../../db/subqueries.js';
import { AppError } from '../../http/errors.js';
import type { Principal } from '../../http/principal.js';
import { type Chain, inScope, outOfScope } from '../../http/scope.js';
import type { Mailer } from '../../mail/mailer.js';
import { periodText, reportEmailTexts } from '../../texts/report-email.js';
import { accountPrincipal } from '../account/index.js';
import { type ReportService, reportFileName } from '../reports/index.js';
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
  recordSent,
  reportOrgsOf,
  type ScheduleRow,
  scheduleList,
} from './repo.js';

/**
 * How one delivery to one recipient ended, and the period it was of; a skip or failure says why in a code
 * (`reportSkipReasons`, `reportFailReasons`), never in words that could hold a secret.
 */
export type Outcome = { periodStart: string } & (
  | { state: 'sent' }
  | { state: 'skipped'; reason: ReportSkipReason }
  | { state: 'failed'; error: ReportFailReason }
);

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
  ...belongingTo(chain),
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
   * Sends the schedule's latest period now: to the accounts named, each one the caller may name as a recipient, else to
   * the schedule's recipients. Each of the schedule's recipients' outcomes is its delivery of that period (recorded as
   * the job records its own, so the schedule's last delivery shows it and the job does not send a period again that
   * went out now); the answer names each account's outcome and, when it got nothing, why.
   */
  async sendNow(principal: Principal, { id, accountId }: ReportSendBody): Promise<ReportSent> {
    const [schedule] = await this.db
      .select()
      .from(reportSchedule)
      .where(and(inScope(principal, reportSchedule), eq(reportSchedule.id, id)));
    if (!schedule) throw outOfScope(principal, 'PARAM_CHECK_FAIL');
    const recipients = new Set(await recipientIds(this.db, id));
    let targets: number[];
    if (accountId) {
      await checkedRecipients(this.db, principal, accountId, await checkedOrgs(this.db, principal, reportOrgsOf(schedule)));
      targets = [...new Set(accountId)];
    } else targets = [...recipients];
    const names = new Map(
      (
        await this.db
          .select({ id: account.id, username: account.username, realName: account.realName })
          .from(account)
          .where(inArray(account.id, targets.length > 0 ? targets : [0]))
      ).map((row) => [row.id, row]),
    );
    const sent: ReportSent = { sent: 0, skipped: 0, failed: 0, recipients: [] };
    const now = Date.now();
    for (const target of targets) {
      const outcome = await this.deliver(schedule, target, now);
      if (recipients.has(target)) await recordSent(this.db, { scheduleId: schedule.id, accountId: target }, outcome, now);
      sent[outcome.state] += 1;
      const name = names.get(target);
      sent.recipients.push({
        accountId: target,
        username: name?.username ?? '',
        realName: name?.realName ?? null,
        state: outcome.state,
        reason: outcome.state === 'skipped' ? outcome.reason : outcome.state === 'failed' ? outcome.error : null,
      } satisfies ReportRecipientOutcome);
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
    const timeZone = zoneOf(recipient?.timeZone ?? null);
    const period: Pick<DuePeriod, 'periodStart' | 'periodEnd'> =
      periodStart === undefined ? latestPeriod(schedule.frequency, timeZone, now) : periodFrom(schedule.frequency, periodStart);
    const skipped = (reason: ReportSkipReason): Outcome => ({ periodStart: period.periodStart, state: 'skipped', reason });
    const failed = (error: ReportFailReason): Outcome => ({ periodStart: period.periodStart, state: 'failed', error });
    const principal = recipient && (await accountPrincipal(this.db, accountId));
    if (!recipient || !principal) return skipped('ACCOUNT_UNAVAILABLE');
    if (!readsReports(principal.role)) return skipped('NO_ACCESS');
    const email = recipient.email?.trim();
    if (!email) return skipped('NO_EMAIL');
    if ((recipient.paramSetting as { emailNotifications?: boolean } | null)?.emailNotifications === false) return skipped('UNSUBSCRIBED');
    const language: Language = toLanguage(recipient.language) ?? 'en';
    const orgs = reportOrgsOf(schedule);
    let pdf: Buffer;
    try {
      // The period's own days: the recipient's last week or month, whatever day it is in the companies' zones.
      const query = { range: 'custom' as const, fromDay: period.periodStart, toDay: period.periodEnd, ...orgFilterOf(orgs) };
      pdf = await buffer(await this.reports.pdf(principal, query, language, { now, timeZone }));
    } catch (err) {
      if (lostAccess(err)) return skipped('NO_ACCESS');
      this.log.error({ err, schedule: schedule.id, accountId }, 'a scheduled report could not be rendered');
      return failed('SERVER_EXCEPTION');
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
        attachments: [
          {
            filename: reportFileName({ fromDay: period.periodStart, toDay: period.periodEnd }),
            content: pdf,
            contentType: 'application/pdf',
          },
        ],
      });
    } catch (err) {
      this.log.warn({ err, schedule: schedule.id, accountId }, 'a scheduled report could not be mailed');
      return failed('SEND_EMAIL_EXCEPTION');
    }
    return { periodStart: period.periodStart, state: 'sent' };
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
