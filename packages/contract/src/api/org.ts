import { type Static, Type } from 'typebox';
import type { Role } from '../roles.js';
import { AgentRef, CompanyRef, EpochMs, Id, Nullable, optionalText, PageQuery, TextFilter } from './common.js';

/** The organisation chain of SPEC section 3, from the top. */
export const orgKinds = ['agent', 'company', 'fleet', 'site'] as const;
export type OrgKind = (typeof orgKinds)[number];
export const OrgKindSchema = Type.Enum(orgKinds);

/** The kind a new organisation of each kind hangs under (agents hang under the platform). */
export const parentKind: Record<OrgKind, OrgKind | null> = { agent: null, company: 'agent', fleet: 'company', site: 'fleet' };

/** SPEC section 2: who manages each kind (the /org screens' role lists). */
export const orgManagers: Record<OrgKind, readonly Role[]> = {
  agent: ['SUPER_ADMIN'],
  company: ['SUPER_ADMIN', 'AGENT_ADMIN'],
  fleet: ['SUPER_ADMIN', 'AGENT_ADMIN', 'COMPANY_ADMIN'],
  site: ['SUPER_ADMIN', 'AGENT_ADMIN', 'COMPANY_ADMIN'],
};

export const OrgState = Type.Union([Type.Literal('enabled'), Type.Literal('forbidden')]);
export type OrgState = Static<typeof OrgState>;

const name = Type.String({ minLength: 1, maxLength: 64 });
const quota = Type.Optional(Nullable(Type.Integer({ minimum: 0, maximum: 1_000_000 })));
/** What an organisation says about itself. */
const about = {
  address: optionalText(200),
  description: optionalText(500),
  /** A JPG or PNG as a data: URL; the server checks the bytes, not the name. */
  logo: Type.Optional(Nullable(Type.String({ maxLength: 700_000, description: 'data:image/png;base64,… or data:image/jpeg;base64,…' }))),
};
/** Set by the organisation's supplier (a Company Admin cannot change its own). */
const quotas = { companyQuota: quota, deviceQuota: quota };

export const OrgRecord = Type.Object({
  id: Type.Integer(),
  kind: OrgKindSchema,
  name: Type.String(),
  address: Nullable(Type.String()),
  description: Nullable(Type.String()),
  /** The logo itself only in `GET /v1/org/{kind}/info`; lists leave it out (it can be hundreds of KB) and say `hasLogo`. */
  logo: Nullable(Type.String()),
  hasLogo: Type.Boolean(),
  state: OrgState,
  companyQuota: Nullable(Type.Integer()),
  deviceQuota: Nullable(Type.Integer()),
  parentId: Nullable(Type.Integer()),
  parentName: Nullable(Type.String()),
  ...AgentRef,
  ...CompanyRef,
  /** Organisations directly below this one. */
  childCount: Type.Integer(),
  /** Accounts that belong to this organisation or below. */
  accountCount: Type.Integer(),
  createTime: EpochMs,
});
export type OrgRecord = Static<typeof OrgRecord>;

export const OrgListQuery = Type.Object({
  ...PageQuery,
  name: TextFilter,
  state: Type.Optional(OrgState),
  parentId: Type.Optional(Id),
});
export type OrgListQuery = Static<typeof OrgListQuery>;

export const OrgCreateBody = Type.Object({
  /** Required for every kind but agent. */
  parentId: Type.Optional(Id),
  name,
  ...about,
  ...quotas,
});
export type OrgCreateBody = Static<typeof OrgCreateBody>;

/** An organisation's changes: at least one field besides its id. */
export const OrgUpdateBody = Type.Object({ id: Id, name: Type.Optional(name), ...about, ...quotas }, { minProperties: 2 });
export type OrgUpdateBody = Static<typeof OrgUpdateBody>;

export const OrgStateBody = Type.Object({ id: Id, state: OrgState });
export type OrgStateBody = Static<typeof OrgStateBody>;

/** Pickers: the organisations of a kind the caller may choose, by name. */
export const OrgOptionsQuery = Type.Object({ parentId: Type.Optional(Id), name: TextFilter });
export type OrgOptionsQuery = Static<typeof OrgOptionsQuery>;

export const OrgOption = Type.Object({ id: Type.Integer(), name: Type.String(), parentId: Nullable(Type.Integer()) });
export type OrgOption = Static<typeof OrgOption>;

/** A company's notification settings, kept by its Company Admin in `/system/companySetting`. */
export const CompanyNotification = Type.Object({
  /** E-mail the recipients when an incident arrives. */
  incidentEmails: Type.Boolean(),
  /** A daily summary of the company's incidents and devices. */
  dailySummary: Type.Boolean(),
  recipients: Type.Array(Type.String({ maxLength: 128 }), { maxItems: 10 }),
});
export type CompanyNotification = Static<typeof CompanyNotification>;

export const CompanySetting = Type.Object({ company: OrgRecord, notification: CompanyNotification });
export type CompanySetting = Static<typeof CompanySetting>;

/** What a Company Admin may change of its own company: not its name, parent or quotas (those are its supplier's). */
/** The company's own settings: at least one of them. */
export const CompanySettingBody = Type.Object({ ...about, notification: Type.Optional(CompanyNotification) }, { minProperties: 1 });
export type CompanySettingBody = Static<typeof CompanySettingBody>;
