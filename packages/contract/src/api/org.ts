import { type Static, Type } from 'typebox';
import type { Role } from '../roles.js';
import { EpochMs, Nullable, PageQuery } from './common.js';

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
const text = (maxLength: number) => Nullable(Type.String({ maxLength }));
const quota = Nullable(Type.Integer({ minimum: 0, maximum: 1_000_000 }));
/** A JPG or PNG as a data: URL; the server checks the bytes, not the name. */
const logo = Nullable(Type.String({ maxLength: 700_000, description: 'data:image/png;base64,… or data:image/jpeg;base64,…' }));

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
  agentId: Nullable(Type.Integer()),
  agentName: Nullable(Type.String()),
  companyId: Nullable(Type.Integer()),
  companyName: Nullable(Type.String()),
  /** Organisations directly below this one. */
  childCount: Type.Integer(),
  /** Accounts that belong to this organisation or below. */
  accountCount: Type.Integer(),
  createTime: EpochMs,
});
export type OrgRecord = Static<typeof OrgRecord>;

export const OrgListQuery = Type.Object({
  ...PageQuery,
  name: Type.Optional(Type.String({ maxLength: 64 })),
  state: Type.Optional(OrgState),
  parentId: Type.Optional(Type.Integer({ minimum: 1 })),
});
export type OrgListQuery = Static<typeof OrgListQuery>;

export const OrgCreateBody = Type.Object({
  /** Required for every kind but agent. */
  parentId: Type.Optional(Type.Integer({ minimum: 1 })),
  name,
  address: Type.Optional(text(200)),
  description: Type.Optional(text(500)),
  logo: Type.Optional(logo),
  companyQuota: Type.Optional(quota),
  deviceQuota: Type.Optional(quota),
});
export type OrgCreateBody = Static<typeof OrgCreateBody>;

export const OrgUpdateBody = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  name: Type.Optional(name),
  address: Type.Optional(text(200)),
  description: Type.Optional(text(500)),
  logo: Type.Optional(logo),
  companyQuota: Type.Optional(quota),
  deviceQuota: Type.Optional(quota),
});
export type OrgUpdateBody = Static<typeof OrgUpdateBody>;

export const OrgStateBody = Type.Object({ id: Type.Integer({ minimum: 1 }), state: OrgState });
export type OrgStateBody = Static<typeof OrgStateBody>;

/** Pickers: the organisations of a kind the caller may choose, by name. */
export const OrgOptionsQuery = Type.Object({
  parentId: Type.Optional(Type.Integer({ minimum: 1 })),
  name: Type.Optional(Type.String({ maxLength: 64 })),
});
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
export const CompanySettingBody = Type.Object({
  address: Type.Optional(text(200)),
  description: Type.Optional(text(500)),
  logo: Type.Optional(logo),
  notification: Type.Optional(CompanyNotification),
});
export type CompanySettingBody = Static<typeof CompanySettingBody>;
