import { type Static, Type } from 'typebox';
import { AgentRef, CompanyRef, EpochMs, Id, Nullable, PageQuery, TextFilter } from './common.js';

/** Where a clause is accepted: by each account for itself, or by a Company Admin for the company (SPEC section 3). */
export const clausePlaces = ['self', 'organisation'] as const;
export type ClausePlace = (typeof clausePlaces)[number];

export const ClauseConsentState = Type.Enum(['agreed', 'cancelled']);
export type ClauseConsentState = Static<typeof ClauseConsentState>;

export const ClauseRecord = Type.Object({
  clauseId: Type.Integer(),
  /** The first version's id; every version of one clause shares it. */
  originId: Type.Integer(),
  version: Type.Integer(),
  title: Type.String(),
  content: Type.String(),
  placeType: Type.Enum(clausePlaces),
  mustCheck: Type.Boolean(),
  /** null: platform-wide (written by the Super Admin); else the area supplier it applies to. */
  ...AgentRef,
  updateTime: EpochMs,
});
export type ClauseRecord = Static<typeof ClauseRecord>;

export const ClauseListQuery = Type.Object({
  ...PageQuery,
  title: Type.Optional(Type.String({ maxLength: 128 })),
  placeType: Type.Optional(Type.Enum(clausePlaces)),
});
export type ClauseListQuery = Static<typeof ClauseListQuery>;

const fields = {
  title: Type.String({ minLength: 1, maxLength: 128 }),
  content: Type.String({ minLength: 1, maxLength: 200_000 }),
  placeType: Type.Enum(clausePlaces),
  mustCheck: Type.Boolean(),
};
export const ClauseCreateBody = Type.Object(fields);
export type ClauseCreateBody = Static<typeof ClauseCreateBody>;

/** Editing publishes a new version: whoever accepted the old one is asked again. */
export const ClauseUpdateBody = Type.Object({ clauseId: Id, ...fields });
export type ClauseUpdateBody = Static<typeof ClauseUpdateBody>;

export const ClauseConsentBody = Type.Object({
  clauseId: Id,
  state: ClauseConsentState,
  /** The caller's local time as shown to them, kept with the log line. */
  localTime: Type.Optional(Type.String({ maxLength: 40 })),
});
export type ClauseConsentBody = Static<typeof ClauseConsentBody>;

/** A clause waiting for the caller: its own, or (for a Company Admin) the company's. */
export const PendingClause = Type.Object({
  clause: ClauseRecord,
  /** Where the caller accepts it: its profile, or the company setting. */
  placeType: Type.Enum(clausePlaces),
  state: Nullable(ClauseConsentState),
});
export type PendingClause = Static<typeof PendingClause>;

/** One consent to a version of a clause. */
export const ClauseConsentRecord = Type.Object({
  id: Type.Integer(),
  ...Type.Pick(ClauseRecord, ['clauseId', 'title', 'version']).properties,
  username: Type.String(),
  ...CompanyRef,
  state: ClauseConsentState,
  localTime: Nullable(Type.String()),
  at: EpochMs,
});
export type ClauseConsentRecord = Static<typeof ClauseConsentRecord>;

export const ClauseLogQuery = Type.Object({
  ...PageQuery,
  clauseId: Type.Optional(Id),
  username: TextFilter,
  state: Type.Optional(ClauseConsentState),
});
export type ClauseLogQuery = Static<typeof ClauseLogQuery>;
