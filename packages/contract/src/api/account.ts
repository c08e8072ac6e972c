import { type Static, Type } from 'typebox';
import { EPOCH_MS_MAX } from '../input-bounds.js';
import { languages } from '../languages.js';
import { type Role, roles } from '../roles.js';
import { EpochMs, Id, Nullable, OrgChain, optionalText, PageQuery, SiteRef, TextFilter } from './common.js';

export const RoleSchema = Type.Enum(roles);
export const LanguageSchema = Type.Enum(languages);

const Password = Type.String({ minLength: 1, maxLength: 128 });
/** A new password, typed twice. */
const newPassword = { password: Password, rePassword: Password };

export const LoginBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 64, description: 'Trimmed before use' }),
  password: Password,
  code: Type.String({ minLength: 1, maxLength: 8192, description: 'The ALTCHA solution payload (base64)' }),
});
export type LoginBody = Static<typeof LoginBody>;

/**
 * `POST /v1/account/identify` (issue 15, docs/decisions.md): the signed-in account confirms its password, and the
 * session may make the calls declared `identified` (issuing and revoking API tokens) for the next minutes.
 */
export const IdentifyBody = Type.Object({ password: Password });
export type IdentifyBody = Static<typeof IdentifyBody>;

/** How long a confirmed password opens the calls declared `identified`. */
export const IDENTITY_MS = 5 * 60_000;

/** The role the session acts in, confirmed until `identifiedUntil`. */
export const Identity = Type.Object({ role: RoleSchema, identifiedUntil: EpochMs });
export type Identity = Static<typeof Identity>;

/** The data of the PERMISSION_ROLE_FAIL that asks for `POST /v1/account/identify` before the call is made again. */
export const IdentifyFirst = Type.Object({ identify: Type.Literal(true) });
export type IdentifyFirst = Static<typeof IdentifyFirst>;

/**
 * A token, or, for an account with Google Authenticator bound, a ticket for the second step
 * (`POST /v1/account/mfa/login/google`); the ticket opens nothing by itself.
 */
export const LoginResult = Type.Object({ token: Nullable(Type.String()), mfaTicket: Type.Optional(Type.String()) });
export type LoginResult = Static<typeof LoginResult>;

/** The profile fields (SPEC section 3) as an account's answers show them. */
const shownProfile = {
  realName: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  fixedTel: Nullable(Type.String()),
  email: Nullable(Type.String()),
  language: Nullable(Type.String()),
  timeZone: Nullable(Type.String()),
  address: Nullable(Type.String()),
};

/** `GET /v1/account/selfInfo` as SPEC section 7 lists it. */
export const SelfInfo = Type.Object({
  baseInfo: Type.Object({
    role: RoleSchema,
    username: Type.String(),
    ...shownProfile,
    ...OrgChain,
    googleAuthBound: Type.Boolean(),
    firstTimeLogin: Type.Boolean(),
    finishClause: Type.Boolean(),
  }),
  orgFinishClause: Type.Boolean(),
  orgPic: Nullable(Type.String()),
});
export type SelfInfo = Static<typeof SelfInfo>;

/** The SPEC section 2 steps the signed-in user still owes, as selfInfo tells them (`canCall`'s third argument). */
export const sessionStepsOf = ({ baseInfo, orgFinishClause }: SelfInfo) => ({
  mustChangePassword: baseInfo.firstTimeLogin,
  clausesWaiting: !baseInfo.finishClause || !orgFinishClause,
});

/** ALTCHA v2 challenge as the widget expects it. */
export const CaptchaChallenge = Type.Object({
  // An answer, so outside the rule on undeclared input properties: the parameters pass as ALTCHA makes them.
  parameters: Type.Object({}, { additionalProperties: true }),
  signature: Type.Optional(Type.String()),
});

/** `POST /v1/account/register/{level}`: the level says the role and which organisation the account belongs to. */
export const accountLevels = ['agent', 'company', 'fleet', 'site', 'normal', 'assistant'] as const;
export type AccountLevel = (typeof accountLevels)[number];
export const AccountLevelSchema = Type.Enum(accountLevels);

/** The endpoint name of a level's registration: `registerAgent`, `registerCompany`, … */
export type RegisterName<L extends AccountLevel> = `register${Capitalize<L>}`;
export const registerName = <L extends AccountLevel>(level: L) =>
  `register${level.charAt(0).toUpperCase()}${level.slice(1)}` as RegisterName<L>;

export const levelRole: Record<AccountLevel, Role> = {
  agent: 'AGENT_ADMIN',
  company: 'COMPANY_ADMIN',
  fleet: 'FLEET_ADMIN',
  site: 'SITE_ADMIN',
  normal: 'NORMAL_USER',
  assistant: 'SUPER_ASSISTANT',
};

/** The organisation kind an account of each level belongs to (normal users belong to a fleet; assistants to none). */
export const levelOrgKind: Record<AccountLevel, 'agent' | 'company' | 'fleet' | 'site' | null> = {
  agent: 'agent',
  company: 'company',
  fleet: 'fleet',
  site: 'site',
  normal: 'fleet',
  assistant: null,
};

/** How far down the chain a role sits; an admin manages only accounts further down, inside its scope. */
export const roleRank: Record<Role, number> = {
  SUPER_ADMIN: 0,
  SUPER_ASSISTANT: 1,
  AGENT_ADMIN: 1,
  COMPANY_ADMIN: 2,
  FLEET_ADMIN: 3,
  SITE_ADMIN: 4,
  NORMAL_USER: 5,
};

/** Who may register each level (SPEC section 6: inside its own scope and further down the chain). */
export const levelRegistrars: Record<AccountLevel, readonly Role[]> = {
  agent: ['SUPER_ADMIN'],
  company: ['SUPER_ADMIN', 'AGENT_ADMIN'],
  fleet: ['SUPER_ADMIN', 'AGENT_ADMIN', 'COMPANY_ADMIN'],
  site: ['SUPER_ADMIN', 'AGENT_ADMIN', 'COMPANY_ADMIN', 'FLEET_ADMIN'],
  normal: ['SUPER_ADMIN', 'AGENT_ADMIN', 'COMPANY_ADMIN', 'FLEET_ADMIN'],
  assistant: ['SUPER_ADMIN'],
};

/** The roles that manage accounts at all. */
export const accountManagers: readonly Role[] = ['SUPER_ADMIN', 'AGENT_ADMIN', 'COMPANY_ADMIN', 'FLEET_ADMIN'];

export const AccountState = Type.Union([Type.Literal('usable'), Type.Literal('disabled')]);
export type AccountState = Static<typeof AccountState>;

/** The profile fields an account has besides its credentials (SPEC section 3). */
const profile = {
  realName: optionalText(64),
  phone: optionalText(16),
  fixedTel: optionalText(32),
  email: optionalText(128),
  language: Type.Optional(Nullable(LanguageSchema)),
  timeZone: optionalText(64),
  address: optionalText(200),
};

export const RegisterBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 64 }),
  ...newPassword,
  /** The organisation the account belongs to; not for assistants. */
  orgId: Type.Optional(Id),
  expireTime: Type.Optional(Nullable(EpochMs)),
  ...profile,
});
export type RegisterBody = Static<typeof RegisterBody>;

/** An account's changes: at least one field besides its id. */
export const AccountUpdateBody = Type.Object({ uid: Id, expireTime: Type.Optional(Nullable(EpochMs)), ...profile }, { minProperties: 2 });
export type AccountUpdateBody = Static<typeof AccountUpdateBody>;

/** Changes to the own profile: at least one field. */
export const SelfUpdateBody = Type.Object(profile, { minProperties: 1 });
export type SelfUpdateBody = Static<typeof SelfUpdateBody>;

export const AccountStateBody = Type.Object({ uid: Id, state: AccountState });
export type AccountStateBody = Static<typeof AccountStateBody>;

export const PasswordChangeBody = Type.Object({ oldPassword: Password, ...newPassword });
export type PasswordChangeBody = Static<typeof PasswordChangeBody>;

export const PasswordResetBody = Type.Object({ uid: Id, ...newPassword });
export type PasswordResetBody = Static<typeof PasswordResetBody>;

/** `PUT /v1/account/assistant/state`: a super assistant by id. */
export const AssistantStateBody = Type.Object({ id: Id, state: AccountState });
export type AssistantStateBody = Static<typeof AssistantStateBody>;

/** `PUT /v1/account/assistant/pwd`: a super assistant by id. */
export const AssistantPasswordBody = Type.Object({ id: Id, ...newPassword });
export type AssistantPasswordBody = Static<typeof AssistantPasswordBody>;

export const AccountRecord = Type.Object({
  uid: Type.Integer(),
  username: Type.String(),
  role: RoleSchema,
  ...shownProfile,
  state: AccountState,
  expireTime: Nullable(EpochMs),
  lastLoginTime: Nullable(EpochMs),
  createTime: EpochMs,
  ...OrgChain,
  ...SiteRef,
  googleAuthBound: Type.Boolean(),
  /** Wrong passwords in a row since the last good login. */
  failedLogins: Type.Integer(),
});
export type AccountRecord = Static<typeof AccountRecord>;

export const AccountListQuery = Type.Object({
  ...PageQuery,
  username: TextFilter,
  role: Type.Optional(RoleSchema),
  state: Type.Optional(AccountState),
  orgId: Type.Optional(Type.Integer({ minimum: 1, description: 'accounts of this organisation and below' })),
});
export type AccountListQuery = Static<typeof AccountListQuery>;

/**
 * One line of the operation log. Views and downloads of incident evidence are lines too (action
 * `evidence.<kind>.<view|download>`, target `<incident>/<file>`); their id is the access record's, negated.
 */
export const OperationLogRecord = Type.Object({
  id: Type.Integer(),
  at: EpochMs,
  username: Type.String(),
  role: Nullable(Type.String()),
  action: Type.String(),
  target: Nullable(Type.String()),
  result: Type.String(),
  ip: Nullable(Type.String()),
});
export type OperationLogRecord = Static<typeof OperationLogRecord>;

export const OperationLogQuery = Type.Object({
  ...PageQuery,
  username: TextFilter,
  action: TextFilter,
  result: TextFilter,
  from: Type.Optional(Type.Integer({ minimum: 0, maximum: EPOCH_MS_MAX, description: 'epoch ms, inclusive' })),
  to: Type.Optional(Type.Integer({ minimum: 0, maximum: EPOCH_MS_MAX, description: 'epoch ms, exclusive' })),
});
export type OperationLogQuery = Static<typeof OperationLogQuery>;

/** A line of the device operation log (`/system/deviceOperatonLog`): who did what to which device, before → after. */
export const DeviceOperationRecord = Type.Object({
  ...OperationLogRecord.properties,
  deviceId: Nullable(Type.Integer()),
  deviceUuid: Nullable(Type.String()),
  /** The properties the action changed, as they were and as they became (no secrets). */
  before: Nullable(Type.Record(Type.String(), Type.Unknown())),
  after: Nullable(Type.Record(Type.String(), Type.Unknown())),
});
export type DeviceOperationRecord = Static<typeof DeviceOperationRecord>;

export const DeviceOperationQuery = Type.Object({
  ...OperationLogQuery.properties,
  /** Part of the device's uuid, any case. */
  device: TextFilter,
});
export type DeviceOperationQuery = Static<typeof DeviceOperationQuery>;

/** `GET /v1/account/mfa/google`: bound, or a fresh secret to bind with (shown until bound). */
export const GoogleAuthInfo = Type.Object({
  bound: Type.Boolean(),
  secret: Type.Optional(Type.String()),
  otpauthUrl: Type.Optional(Type.String()),
});
export type GoogleAuthInfo = Static<typeof GoogleAuthInfo>;

export const GoogleCode = Type.String({ pattern: '^\\d{6}$', description: 'the 6-digit code of the authenticator app' });
export const GoogleCodeBody = Type.Object({ code: GoogleCode });
export type GoogleCodeBody = Static<typeof GoogleCodeBody>;

export const GoogleLoginBody = Type.Object({ ticket: Type.String({ minLength: 1, maxLength: 128 }), code: GoogleCode });
export type GoogleLoginBody = Static<typeof GoogleLoginBody>;

/** SPEC section 3: API tokens, at most 3 per account. */
export const MAX_API_TOKENS = 3;

export const ApiTokenRecord = Type.Object({ id: Type.Integer(), generateTime: EpochMs, lastUsedTime: Nullable(EpochMs) });
export type ApiTokenRecord = Static<typeof ApiTokenRecord>;

/** The token itself is in this answer only: it is stored hashed. */
export const ApiTokenCreated = Type.Object({ id: Type.Integer(), token: Type.String(), generateTime: EpochMs });
export type ApiTokenCreated = Static<typeof ApiTokenCreated>;

/** The console's light or dark theme, or the system's choice (`prefers-color-scheme`). */
export const appearances = ['light', 'dark', 'system'] as const;
export type Appearance = (typeof appearances)[number];

/** The account's own settings (`/v1/account/getParamSetting`); the console's preferences travel with the account. */
export const ParamSetting = Type.Object({
  uiSize: Type.Optional(Type.Enum(['default', 'medium', 'small', 'mini'])),
  themeColour: Type.Optional(Type.String({ pattern: '^#[0-9a-fA-F]{6}$' })),
  appearance: Type.Optional(Type.Enum(appearances)),
  tabsView: Type.Optional(Type.Boolean()),
  fixedHeader: Type.Optional(Type.Boolean()),
  sidebarLogo: Type.Optional(Type.Boolean()),
  /** False after `DELETE /v1/account/unsubscribe`: no notification e-mails to this account. */
  emailNotifications: Type.Optional(Type.Boolean()),
});
export type ParamSetting = Static<typeof ParamSetting>;
