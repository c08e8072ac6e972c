import { type Static, Type } from 'typebox';
import { RoleSchema } from './account.js';
import { EpochMs, Id, Nullable, OrgChain, OrgFilter, PageQuery, TextFilter } from './common.js';
import { LocalDay } from './report.js';

/**
 * Scheduled reports (issue 19): accounts subscribed to the report of an organisation (or of their own scope), sent by
 * e-mail as a PDF every Monday (the last week) or on the 1st (the last month), from 06:00 in each recipient's zone.
 */
export const reportFrequencies = ['weekly', 'monthly'] as const;
export type ReportFrequency = (typeof reportFrequencies)[number];
export const ReportFrequencySchema = Type.Enum(reportFrequencies);

export const REPORT_SCHEDULE_NAME_MAX = 100;
/** A schedule's recipients, and the accounts one "send now" names. */
export const REPORT_RECIPIENTS_MAX = 50;

/**
 * A delivery of one period to one recipient: being sent (claimed by a node until its lease ends), sent, failed (retried
 * with a growing delay until the attempts run out) or skipped (the account cannot receive it: disabled, no e-mail
 * address, unsubscribed, or it no longer sees the report's organisation).
 */
export const reportDeliveryStates = ['sending', 'sent', 'failed', 'skipped'] as const;
export type ReportDeliveryState = (typeof reportDeliveryStates)[number];

/**
 * Why an account gets nothing (a skipped delivery): disabled or expired or its organisation forbidden, no e-mail
 * address, e-mails turned off (`/v1/account/unsubscribe`), or it no longer reads the report or sees its organisation.
 */
export const reportSkipReasons = ['ACCOUNT_UNAVAILABLE', 'NO_EMAIL', 'UNSUBSCRIBED', 'NO_ACCESS'] as const;
export type ReportSkipReason = (typeof reportSkipReasons)[number];
/** Why a delivery failed: the mail server did not take it, the report could not be made, or its sender died mid-send. */
export const reportFailReasons = ['SEND_EMAIL_EXCEPTION', 'SERVER_EXCEPTION', 'LEASE_EXPIRED'] as const;
export type ReportFailReason = (typeof reportFailReasons)[number];
export const reportDeliveryReasons = [...reportSkipReasons, ...reportFailReasons] as const;
export type ReportDeliveryReason = (typeof reportDeliveryReasons)[number];
/** What can be known of an account before anything is sent: the skip reasons a recipient's own record gives. */
export const recipientProblems = ['ACCOUNT_UNAVAILABLE', 'NO_EMAIL', 'UNSUBSCRIBED'] as const satisfies readonly ReportSkipReason[];
export type RecipientProblem = (typeof recipientProblems)[number];

/** An account a report goes to. */
export const ReportRecipient = Type.Object({
  accountId: Type.Integer(),
  username: Type.String(),
  realName: Nullable(Type.String()),
  role: RoleSchema,
  /** Why it would get nothing as it stands (no address, e-mails turned off, disabled or expired); null: it can receive. */
  cannotReceive: Nullable(Type.Enum(recipientProblems)),
});
export type ReportRecipient = Static<typeof ReportRecipient>;

/** How one recipient's delivery ended; `reason` says why it was skipped or failed (null when sent). */
export const ReportRecipientOutcome = Type.Object({
  accountId: Type.Integer(),
  username: Type.String(),
  realName: Nullable(Type.String()),
  state: Type.Enum(['sent', 'skipped', 'failed']),
  reason: Nullable(Type.Enum(reportDeliveryReasons)),
});
export type ReportRecipientOutcome = Static<typeof ReportRecipientOutcome>;

/** How the schedule's latest period went: its first day and the deliveries by state. */
export const ReportDeliverySummary = Type.Object({
  /** The first day of the week or month the report covers (the recipients' local dates). */
  periodStart: LocalDay,
  sent: Type.Integer(),
  failed: Type.Integer(),
  sending: Type.Integer(),
  skipped: Type.Integer(),
  /** When the last of them was sent; null while none was. */
  lastSentTime: Nullable(EpochMs),
  /** The recipients of the period who did not get it (skipped or failed), each with the reason. */
  missed: Type.Array(ReportRecipientOutcome),
});
export type ReportDeliverySummary = Static<typeof ReportDeliverySummary>;

export const ReportSchedule = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  frequency: ReportFrequencySchema,
  enabled: Type.Boolean(),
  /** The organisation the report is of; all null: each recipient's whole scope. */
  ...OrgChain,
  recipients: Type.Array(ReportRecipient),
  createdBy: Type.String(),
  createdTime: EpochMs,
  updatedTime: EpochMs,
  lastDelivery: Nullable(ReportDeliverySummary),
});
export type ReportSchedule = Static<typeof ReportSchedule>;

export const ReportScheduleListQuery = Type.Object({
  ...PageQuery,
  name: TextFilter,
  frequency: Type.Optional(ReportFrequencySchema),
});
export type ReportScheduleListQuery = Static<typeof ReportScheduleListQuery>;

const ScheduleName = Type.String({ minLength: 1, maxLength: REPORT_SCHEDULE_NAME_MAX, description: 'Trimmed; not blank' });
const Recipients = Type.Array(Id, {
  minItems: 1,
  maxItems: REPORT_RECIPIENTS_MAX,
  description: 'Account ids; each an account of the caller’s scope that reads statistics',
});

export const ReportScheduleCreateBody = Type.Object({
  name: ScheduleName,
  frequency: ReportFrequencySchema,
  ...OrgFilter,
  recipients: Recipients,
  enabled: Type.Optional(Type.Boolean({ default: true })),
});
export type ReportScheduleCreateBody = Static<typeof ReportScheduleCreateBody>;

/** The fields given change; an organisation field given as null is cleared. */
export const ReportScheduleUpdateBody = Type.Object(
  {
    id: Id,
    name: Type.Optional(ScheduleName),
    frequency: Type.Optional(ReportFrequencySchema),
    agentId: Type.Optional(Nullable(Id)),
    companyId: Type.Optional(Nullable(Id)),
    fleetId: Type.Optional(Nullable(Id)),
    recipients: Type.Optional(Recipients),
    enabled: Type.Optional(Type.Boolean()),
  },
  // A change names at least one field (the contract refuses undeclared ones): `{ id }` is refused, not an empty update.
  { minProperties: 2 },
);
export type ReportScheduleUpdateBody = Static<typeof ReportScheduleUpdateBody>;

/** Accounts a schedule may be sent to, found by username or real name. */
export const ReportRecipientQuery = Type.Object({ keyword: TextFilter });
export type ReportRecipientQuery = Static<typeof ReportRecipientQuery>;

/** Sends the schedule's report now: to the accounts named (each a valid recipient), else to its recipients. */
export const ReportSendBody = Type.Object({
  id: Id,
  accountId: Type.Optional(Type.Array(Id, { minItems: 1, maxItems: REPORT_RECIPIENTS_MAX })),
});
export type ReportSendBody = Static<typeof ReportSendBody>;

export const ReportSent = Type.Object({
  /** Mails sent. */
  sent: Type.Integer(),
  /** Accounts that could not receive it (disabled, no address, unsubscribed, no longer seeing the organisation). */
  skipped: Type.Integer(),
  /** Mails the report or the mail server failed (the log has the details). */
  failed: Type.Integer(),
  /** Each account it went to or not, with the reason when not. */
  recipients: Type.Array(ReportRecipientOutcome),
});
export type ReportSent = Static<typeof ReportSent>;
