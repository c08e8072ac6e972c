import {
  canCall,
  type Page,
  type RecipientProblem,
  type ReportDeliveryReason,
  type ReportDeliverySummary,
  type ReportFrequency,
  type ReportRecipient,
  type ReportRecipientOutcome,
  type ReportSchedule,
  type ReportScheduleListQuery,
  type Role,
  reportApi,
  reportDeliveryReasons,
  roles,
} from '@safety-shield/contract';
import { and, asc, count, desc, eq, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.js';
import { pageAsSelected } from '../../db/paging.js';
import { account, reportDelivery, reportSchedule, reportScheduleRecipient } from '../../db/schema.js';
import { orgName } from '../../db/subqueries.js';
import { AppError } from '../../http/errors.js';
import { containing } from '../../http/pagination.js';
import type { Principal } from '../../http/principal.js';
import { type Chain, chainInScope, inScope, outOfScope } from '../../http/scope.js';
import { visibleOrgs } from '../orgs/index.js';

export type ScheduleRow = typeof reportSchedule.$inferSelect;

/** After a failed delivery, the job's next attempt waits this long: 5 minutes, then 30, then 2 hours. */
export const RETRY_AFTER_MS = [5 * 60_000, 30 * 60_000, 2 * 60 * 60_000] as const;
export type DeliveryState = (typeof reportDelivery.$inferSelect)['state'];

/** Whether a role may read the report it would be sent (the rule the PDF endpoint itself enforces). */
export const readsReports = (role: string) => canCall(role as Role, reportApi.reportPdf);
const reportReaders = roles.filter(readsReports);

/** The organisation a report is of, as the schedule stores it and the report takes it. */
export interface ReportOrgs {
  agentId: number | null;
  companyId: number | null;
  fleetId: number | null;
}

export const reportOrgsOf = (row: ScheduleRow): ReportOrgs => ({
  agentId: row.reportAgentId,
  companyId: row.reportCompanyId,
  fleetId: row.reportFleetId,
});

/** The report's organisation filter as ReportQuery takes it (fields left out where none). */
export const orgFilterOf = (orgs: ReportOrgs) => ({
  ...(orgs.agentId === null ? {} : { agentId: orgs.agentId }),
  ...(orgs.companyId === null ? {} : { companyId: orgs.companyId }),
  ...(orgs.fleetId === null ? {} : { fleetId: orgs.fleetId }),
});

/** The deepest chain every one of `chains` lies in: a level is kept while all agree on it and on the levels above. */
export function commonChain(chains: Chain[]): Chain {
  const agree = (pick: (chain: Chain) => number | null) => {
    const first = chains[0] ? pick(chains[0]) : null;
    return first !== null && chains.every((chain) => pick(chain) === first) ? first : null;
  };
  const agentId = agree((c) => c.agentId);
  const companyId = agentId === null ? null : agree((c) => c.companyId);
  const fleetId = companyId === null ? null : agree((c) => c.fleetId);
  return { agentId, companyId, fleetId };
}

/**
 * The chains of the report's organisations, each checked to be of its kind and one the caller may see (SPEC section 6):
 * otherwise PERMISSION_CHECK_FAIL, or ORG_NOT_EXIST for the Super Admin.
 */
export async function checkedOrgs(db: Db, principal: Principal, orgs: ReportOrgs): Promise<Chain[]> {
  return (await visibleOrgs(db, principal, orgs)).map(({ agentId, companyId, fleetId }) => ({ agentId, companyId, fleetId }));
}

/** An account as a recipient: its chain and role, read to check it. */
const recipientColumns = {
  id: account.id,
  role: account.role,
  agentId: account.belongAgentId,
  companyId: account.belongCompanyId,
  fleetId: account.belongFleetId,
};

/** Whether an account (its role and chain) sees a record of a chain: `chainInScope`, which reads no more of a principal. */
const accountSees = (row: Chain & { role: string }, chain: Chain) => chainInScope({ ...row, role: row.role as Role } as Principal, chain);

/**
 * Recipients as given: accounts the caller may see (data scope, SPEC section 6; otherwise PERMISSION_CHECK_FAIL, or
 * USER_NOT_EXIST for the Super Admin) that read statistics and see the report's organisations (PARAM_CHECK_FAIL with
 * `field: recipients` and the accounts that do not). Answers their chains.
 */
export async function checkedRecipients(db: Db, principal: Principal, ids: number[], orgChains: Chain[]): Promise<Chain[]> {
  const unique = [...new Set(ids)];
  const found = await db
    .select(recipientColumns)
    .from(account)
    .where(and(inScope(principal, account), inArray(account.id, unique)));
  if (found.length !== unique.length) throw outOfScope(principal, 'USER_NOT_EXIST');
  const unfit = found.filter((row) => !readsReports(row.role) || !orgChains.every((chain) => accountSees(row, chain)));
  if (unfit.length > 0)
    throw new AppError('PARAM_CHECK_FAIL', 'recipients', {
      field: 'recipients',
      accountId: unfit.map((row) => row.id).sort((a, b) => a - b),
    });
  return found.map(({ agentId, companyId, fleetId }) => ({ agentId, companyId, fleetId }));
}

/** An account as the calls name a recipient: whether it can receive, never its address itself. */
const recipientRecord = {
  accountId: account.id,
  username: account.username,
  realName: account.realName,
  role: account.role,
  email: account.email,
  state: account.state,
  expireTime: account.expireTime,
  paramSetting: account.paramSetting,
};

/**
 * What keeps an account from receiving a report, as its own record says (the job finds the same and skips it):
 * disabled or expired, no address, e-mails turned off. Null: it can receive.
 */
export function recipientProblem(row: {
  email: string | null;
  state: string;
  expireTime: Date | null;
  paramSetting: unknown;
}): RecipientProblem | null {
  if (row.state !== 'usable' || (row.expireTime !== null && row.expireTime.getTime() <= Date.now())) return 'ACCOUNT_UNAVAILABLE';
  if (!row.email?.trim()) return 'NO_EMAIL';
  if ((row.paramSetting as { emailNotifications?: boolean } | null)?.emailNotifications === false) return 'UNSUBSCRIBED';
  return null;
}

const toRecipient = ({
  accountId,
  username,
  realName,
  role,
  ...record
}: {
  accountId: number;
  username: string;
  realName: string | null;
  role: string;
  email: string | null;
  state: string;
  expireTime: Date | null;
  paramSetting: unknown;
}): ReportRecipient => ({ accountId, username, realName, role: role as Role, cannotReceive: recipientProblem(record) });

/** The accounts of the caller's scope a report may go to: statistics readers, usable, by username or real name. */
export async function recipientOptions(db: Db, principal: Principal, keyword: string | undefined): Promise<ReportRecipient[]> {
  const text = keyword?.trim();
  const rows = await db
    .select(recipientRecord)
    .from(account)
    .where(
      and(
        inScope(principal, account),
        inArray(account.role, reportReaders),
        eq(account.state, 'usable'),
        text ? or(ilike(account.username, containing(text)), ilike(account.realName, containing(text))) : undefined,
      ),
    )
    .orderBy(asc(account.username))
    .limit(20);
  return rows.map(toRecipient);
}

/** A schedule of the caller's scope, locked for the rest of the transaction; PARAM_CHECK_FAIL (`field: id`) otherwise. */
export async function lockedSchedule(tx: Db, principal: Principal, id: number): Promise<ScheduleRow> {
  const [row] = await tx
    .select()
    .from(reportSchedule)
    .where(and(inScope(principal, reportSchedule), eq(reportSchedule.id, id)))
    .for('update');
  if (!row) throw outOfScope(principal, 'PARAM_CHECK_FAIL');
  return row;
}

/** A schedule's recipients now, by account id. */
export async function recipientIds(db: Db, scheduleId: number): Promise<number[]> {
  const rows = await db
    .select({ id: reportScheduleRecipient.accountId })
    .from(reportScheduleRecipient)
    .where(eq(reportScheduleRecipient.scheduleId, scheduleId))
    .orderBy(asc(reportScheduleRecipient.accountId));
  return rows.map((row) => row.id);
}

/** A page of the caller's schedules, newest first, with their recipients and the latest period's deliveries. */
export async function scheduleList(db: Db, principal: Principal, query: ReportScheduleListQuery): Promise<Page<ReportSchedule>> {
  const where: SQL | undefined = and(
    inScope(principal, reportSchedule),
    query.name?.trim() ? ilike(reportSchedule.name, containing(query.name.trim())) : undefined,
    query.frequency === undefined ? undefined : eq(reportSchedule.frequency, query.frequency),
  );
  const page = await pageAsSelected(
    query,
    db
      .select({
        schedule: reportSchedule,
        agentName: orgName(reportSchedule.reportAgentId),
        companyName: orgName(reportSchedule.reportCompanyId),
        fleetName: orgName(reportSchedule.reportFleetId),
      })
      .from(reportSchedule)
      .where(where)
      .orderBy(desc(reportSchedule.createdAt), desc(reportSchedule.id))
      .$dynamic(),
    db.select({ n: count() }).from(reportSchedule).where(where),
  );
  const ids = page.records.map((row) => row.schedule.id);
  const [recipients, deliveries] = await Promise.all([scheduleRecipients(db, ids), latestDeliveries(db, ids)]);
  return {
    total: page.total,
    records: page.records.map(({ schedule, ...names }) => ({
      id: schedule.id,
      name: schedule.name,
      frequency: schedule.frequency,
      enabled: schedule.enabled,
      agentId: schedule.reportAgentId,
      companyId: schedule.reportCompanyId,
      fleetId: schedule.reportFleetId,
      ...names,
      recipients: recipients.get(schedule.id) ?? [],
      createdBy: schedule.createdByName,
      createdTime: schedule.createdAt.getTime(),
      updatedTime: schedule.updatedAt.getTime(),
      lastDelivery: deliveries.get(schedule.id) ?? null,
    })),
  };
}

async function scheduleRecipients(db: Db, ids: number[]): Promise<Map<number, ReportRecipient[]>> {
  const byId = new Map<number, ReportRecipient[]>();
  if (ids.length === 0) return byId;
  const rows = await db
    .select({ scheduleId: reportScheduleRecipient.scheduleId, ...recipientRecord })
    .from(reportScheduleRecipient)
    .innerJoin(account, eq(account.id, reportScheduleRecipient.accountId))
    .where(inArray(reportScheduleRecipient.scheduleId, ids))
    .orderBy(asc(account.username));
  for (const { scheduleId, ...row } of rows) byId.set(scheduleId, [...(byId.get(scheduleId) ?? []), toRecipient(row)]);
  return byId;
}

/** A stored reason as the answers name it: a code of an older build that is none of them reads as the kind's general one. */
const reasonOf = (state: 'skipped' | 'failed', stored: string | null): ReportDeliveryReason =>
  (reportDeliveryReasons as readonly string[]).includes(stored ?? '')
    ? (stored as ReportDeliveryReason)
    : state === 'skipped'
      ? 'ACCOUNT_UNAVAILABLE'
      : 'SERVER_EXCEPTION';

/** Per schedule, its latest period's deliveries by state, and who of them got nothing and why. */
async function latestDeliveries(db: Db, ids: number[]): Promise<Map<number, ReportDeliverySummary>> {
  const byId = new Map<number, ReportDeliverySummary>();
  if (ids.length === 0) return byId;
  const rows = rowsOf<{
    schedule_id: number;
    period_start: string;
    state: DeliveryState;
    account_id: number;
    username: string;
    real_name: string | null;
    last_error: string | null;
    sent_at: string | null;
  }>(
    await db.execute(sql`
      select d.schedule_id, d.period_start::text as period_start, d.state, d.account_id, a.username, a.real_name,
        d.last_error, (extract(epoch from d.sent_at) * 1000)::float8 as sent_at
      from ${reportDelivery} d
      join ${account} a on a.id = d.account_id
      where d.schedule_id = any(${sql.param(ids)}::int[])
        and d.period_start = (select max(x.period_start) from ${reportDelivery} x where x.schedule_id = d.schedule_id)
      order by d.schedule_id, a.username`),
  );
  for (const row of rows) {
    const id = Number(row.schedule_id);
    const summary: ReportDeliverySummary = byId.get(id) ?? {
      periodStart: row.period_start,
      sent: 0,
      failed: 0,
      sending: 0,
      skipped: 0,
      lastSentTime: null,
      missed: [],
    };
    summary[row.state] += 1;
    // A mail that went out stays the last sent though a later "send now" of the period failed.
    if (row.sent_at !== null) summary.lastSentTime = Math.max(summary.lastSentTime ?? 0, Math.round(Number(row.sent_at)));
    if (row.state === 'skipped' || row.state === 'failed')
      summary.missed.push({
        accountId: Number(row.account_id),
        username: row.username,
        realName: row.real_name,
        state: row.state,
        reason: reasonOf(row.state, row.last_error),
      } satisfies ReportRecipientOutcome);
    byId.set(id, summary);
  }
  return byId;
}

/** A candidate delivery: a recipient of an enabled schedule whose latest period is due and not (being) sent. */
export interface DueDelivery {
  scheduleId: number;
  accountId: number;
  periodStart: string;
  /** The row of an earlier attempt, to claim again; null when none was made. */
  deliveryId: number | null;
}

/** The distinct (frequency, account zone as stored) pairs among the enabled schedules' recipients. */
export async function recipientZones(db: Db): Promise<{ frequency: ReportFrequency; timeZone: string | null }[]> {
  return db
    .selectDistinct({ frequency: reportSchedule.frequency, timeZone: account.timeZone })
    .from(reportSchedule)
    .innerJoin(reportScheduleRecipient, eq(reportScheduleRecipient.scheduleId, reportSchedule.id))
    .innerJoin(account, eq(account.id, reportScheduleRecipient.accountId))
    .where(eq(reportSchedule.enabled, true));
}

/** The latest period of each (frequency, stored zone): its first day and when it became due. */
export interface ZonePeriod {
  frequency: ReportFrequency;
  timeZone: string | null;
  periodStart: string;
  dueAt: number;
}

/**
 * Deliveries due at `now`: for each recipient of an enabled schedule, the latest period of its zone, when the schedule
 * was active and the account a recipient before it became due, and no delivery of it exists, or the one that exists
 * failed and its next try has come, or its claim expired (the node sending it died), attempts left either way.
 */
export async function dueDeliveries(
  db: Db,
  periods: ZonePeriod[],
  now: number,
  maxAttempts: number,
  limit: number,
): Promise<DueDelivery[]> {
  if (periods.length === 0) return [];
  const at = new Date(now).toISOString();
  const rows = rowsOf<{ schedule_id: number; account_id: number; period_start: string; delivery_id: number | null }>(
    await db.execute(sql`
      with due (zone, frequency, period_start, due_at) as (
        select * from unnest(${sql.param(periods.map((p) => p.timeZone))}::text[], ${sql.param(periods.map((p) => p.frequency))}::text[],
          ${sql.param(periods.map((p) => p.periodStart))}::date[],
          ${sql.param(periods.map((p) => new Date(p.dueAt).toISOString()))}::timestamptz[])
      )
      select s.id as schedule_id, r.account_id, due.period_start::text as period_start, d.id as delivery_id
      from ${reportSchedule} s
      join ${reportScheduleRecipient} r on r.schedule_id = s.id
      join ${account} a on a.id = r.account_id
      join due on due.frequency = s.frequency and due.zone is not distinct from a.time_zone
      left join ${reportDelivery} d on d.schedule_id = s.id and d.account_id = r.account_id and d.period_start = due.period_start
      where s.enabled and s.active_since <= due.due_at and r.added_at <= due.due_at
        and (d.id is null or (d.attempts < ${maxAttempts} and (
          (d.state = 'failed' and d.next_try_at <= ${at}::timestamptz) or (d.state = 'sending' and d.claimed_until <= ${at}::timestamptz))))
      order by due.due_at, s.id, r.account_id
      limit ${limit}`),
  );
  return rows.map((row) => ({
    scheduleId: Number(row.schedule_id),
    accountId: Number(row.account_id),
    periodStart: row.period_start,
    deliveryId: row.delivery_id === null ? null : Number(row.delivery_id),
  }));
}

/**
 * Claims a due delivery for `leaseMs`: a new one by inserting its row (the unique key lets one node in), an earlier one
 * by moving it to `sending` only while it is still claimable (a concurrent claim re-checks the condition and loses).
 * Answers the attempt number, or undefined when another node has it.
 */
export async function claim(db: Db, due: DueDelivery, now: number, leaseMs: number, maxAttempts: number): Promise<number | undefined> {
  const claimedUntil = new Date(now + leaseMs);
  if (due.deliveryId === null) {
    const [row] = await db
      .insert(reportDelivery)
      .values({
        scheduleId: due.scheduleId,
        accountId: due.accountId,
        periodStart: due.periodStart,
        state: 'sending',
        attempts: 1,
        claimedUntil,
      })
      .onConflictDoNothing()
      .returning({ attempts: reportDelivery.attempts });
    return row?.attempts;
  }
  const at = new Date(now);
  const [row] = await db
    .update(reportDelivery)
    .set({ state: 'sending', attempts: sql`${reportDelivery.attempts} + 1`, claimedUntil, nextTryAt: null })
    .where(
      and(
        eq(reportDelivery.id, due.deliveryId),
        sql`${reportDelivery.attempts} < ${maxAttempts}`,
        or(
          and(eq(reportDelivery.state, 'failed'), lte(reportDelivery.nextTryAt, at)),
          and(eq(reportDelivery.state, 'sending'), lte(reportDelivery.claimedUntil, at)),
        ),
      ),
    )
    .returning({ attempts: reportDelivery.attempts });
  return row?.attempts;
}

/** Claims whose node died on the last attempt: failed for good. */
export async function expireLastClaims(db: Db, now: number, maxAttempts: number): Promise<void> {
  await db
    .update(reportDelivery)
    .set({ state: 'failed', claimedUntil: null, nextTryAt: null, lastError: 'LEASE_EXPIRED' })
    .where(
      and(
        eq(reportDelivery.state, 'sending'),
        lte(reportDelivery.claimedUntil, new Date(now)),
        sql`${reportDelivery.attempts} >= ${maxAttempts}`,
      ),
    );
}

/** Records how a claimed delivery ended. */
export async function finishDelivery(
  db: Db,
  key: Pick<DueDelivery, 'scheduleId' | 'accountId' | 'periodStart'>,
  outcome: { state: 'sent'; at: number } | { state: 'skipped' | 'failed'; error: string; nextTryAt: number | null },
): Promise<void> {
  await db
    .update(reportDelivery)
    .set(
      outcome.state === 'sent'
        ? { state: 'sent', sentAt: new Date(outcome.at), claimedUntil: null, nextTryAt: null, lastError: null }
        : {
            state: outcome.state,
            claimedUntil: null,
            lastError: outcome.error,
            nextTryAt: outcome.nextTryAt === null ? null : new Date(outcome.nextTryAt),
          },
    )
    .where(
      and(
        eq(reportDelivery.scheduleId, key.scheduleId),
        eq(reportDelivery.accountId, key.accountId),
        eq(reportDelivery.periodStart, key.periodStart),
      ),
    );
}

/**
 * Records a "send now" to a recipient as its delivery of the period sent (the schedule's last delivery shows it): a
 * new row, or the period's row changed to how this send ended, unless a node holds it (`sending`: the job records
 * it). A failure keeps a failed row's next try; on a new row the job tries again after its first retry delay (when it
 * would send that period at all); after a send or a skip it does not. The time of the last successful send stays.
 */
export async function recordSent(
  db: Db,
  key: { scheduleId: number; accountId: number },
  outcome: { periodStart: string } & ({ state: 'sent' } | { state: 'skipped'; reason: string } | { state: 'failed'; error: string }),
  now: number,
): Promise<void> {
  const error = outcome.state === 'skipped' ? outcome.reason : outcome.state === 'failed' ? outcome.error : null;
  await db
    .insert(reportDelivery)
    .values({
      ...key,
      periodStart: outcome.periodStart,
      state: outcome.state,
      attempts: 1,
      lastError: error,
      sentAt: outcome.state === 'sent' ? new Date(now) : null,
      nextTryAt: outcome.state === 'failed' ? new Date(now + RETRY_AFTER_MS[0]) : null,
    })
    .onConflictDoUpdate({
      target: [reportDelivery.scheduleId, reportDelivery.accountId, reportDelivery.periodStart],
      set: {
        state: sql`excluded.state`,
        lastError: sql`excluded.last_error`,
        sentAt: sql`coalesce(excluded.sent_at, ${reportDelivery.sentAt})`,
        nextTryAt: sql`case when excluded.state = 'failed' and ${reportDelivery.state} = 'failed' then ${reportDelivery.nextTryAt} end`,
        claimedUntil: null,
      },
      setWhere: sql`${reportDelivery.state} <> 'sending'`,
    });
}
