import { type Static, Type } from 'typebox';
import {
  CompanyRef,
  counts,
  EpochMs,
  FleetRef,
  Id,
  Nullable,
  OrgFilter,
  PageQuery,
  TextFilter,
  TimeFilter,
  TimeRange,
  VehicleRef,
} from './common.js';
import { IncidentTypeSchema, incidentTypes } from './event.js';

/**
 * Issue 19: a reviewed incident is marked "needs coaching", then coached (coach, time, note) or dismissed (reason);
 * a closed one may be reopened. An incident never marked is `none`.
 */
export const coachingStates = ['needsCoaching', 'coached', 'dismissed'] as const;
export type CoachingState = (typeof coachingStates)[number];
export const CoachingStateSchema = Type.Enum(coachingStates);

/** Why an incident was marked: optional, short. */
export const MARK_NOTE_MAX_LENGTH = 500;
/** What was said to the driver, or why no coaching is needed. */
export const COACHING_NOTE_MAX_LENGTH = 2000;

/** Who marked it and why; who closed it (coached or dismissed), when and with what note or reason. */
const CoachingFields = {
  markedBy: Type.String(),
  markedTime: EpochMs,
  markNote: Nullable(Type.String()),
  /** The coach, or whoever dismissed it; null while it waits. */
  closedBy: Nullable(Type.String()),
  closedTime: Nullable(EpochMs),
  /** The coaching note (coached) or the reason (dismissed). */
  closingNote: Nullable(Type.String()),
};

/** One incident's coaching; `state: none` (and nulls) for an incident never marked. */
export const CoachingInfo = Type.Object({
  eventId: Type.Integer(),
  state: Type.Enum(['none', ...coachingStates]),
  markedBy: Nullable(Type.String()),
  markedTime: Nullable(EpochMs),
  markNote: Nullable(Type.String()),
  closedBy: Nullable(Type.String()),
  closedTime: Nullable(EpochMs),
  closingNote: Nullable(Type.String()),
});
export type CoachingInfo = Static<typeof CoachingInfo>;

/** A row of the coaching queue: the incident's type, time, plate and fleet with its coaching. */
export const CoachingRecord = Type.Object({
  eventId: Type.Integer(),
  type: IncidentTypeSchema,
  triggerTime: EpochMs,
  ...VehicleRef,
  ...CompanyRef,
  ...FleetRef,
  state: CoachingStateSchema,
  ...CoachingFields,
  /** How long it has waited since it was marked: until now while open, until it was closed after. */
  ageMs: Type.Integer({ minimum: 0 }),
});
export type CoachingRecord = Static<typeof CoachingRecord>;

/** Which incidents the queue and the figures take: of an organisation (the common filter), and whose incident happened in the span. */
const CoachingScopeFilter = OrgFilter;

export const coachingSorts = ['oldest', 'newest'] as const;

export const CoachingQueueQuery = Type.Object({
  ...PageQuery,
  ...CoachingScopeFilter,
  /** The incident's trigger time. */
  ...TimeFilter,
  /** Left out: every state. */
  state: Type.Optional(CoachingStateSchema),
  licensePlate: TextFilter,
  vehicleId: Type.Optional(Id),
  type: Type.Optional(Type.Array(IncidentTypeSchema, { maxItems: incidentTypes.length })),
  /** By the time it was marked: the longest waiting first (the default), or the latest first. */
  sort: Type.Optional(Type.Enum(coachingSorts)),
});
export type CoachingQueueQuery = Static<typeof CoachingQueueQuery>;

export const CoachingEventQuery = Type.Object({ eventId: Id });

const requiredNote = (maxLength: number) => Type.String({ minLength: 1, maxLength });

export const CoachingMarkBody = Type.Object({
  eventId: Type.Array(Id, { minItems: 1, maxItems: 500 }),
  note: Type.Optional(Nullable(Type.String({ maxLength: MARK_NOTE_MAX_LENGTH }))),
});
export type CoachingMarkBody = Static<typeof CoachingMarkBody>;
/** How many of the incidents were newly marked (those already waiting keep their first mark). */
export const CoachingMarked = Type.Object({ marked: Type.Integer() });
export type CoachingMarked = Static<typeof CoachingMarked>;

export const CoachBody = Type.Object({ eventId: Id, note: requiredNote(COACHING_NOTE_MAX_LENGTH) });
export type CoachBody = Static<typeof CoachBody>;
export const CoachingDismissBody = Type.Object({ eventId: Id, reason: requiredNote(COACHING_NOTE_MAX_LENGTH) });
export type CoachingDismissBody = Static<typeof CoachingDismissBody>;
export const CoachingReopenBody = Type.Object({
  eventId: Id,
  note: Type.Optional(Nullable(Type.String({ maxLength: MARK_NOTE_MAX_LENGTH }))),
});
export type CoachingReopenBody = Static<typeof CoachingReopenBody>;

/** The figures of a scope's incidents that happened in a span (the statistics page's range). */
export const CoachingFiguresQuery = Type.Object({ ...TimeRange, ...CoachingScopeFilter });
export type CoachingFiguresQuery = Static<typeof CoachingFiguresQuery>;

export const CoachingFigures = Type.Object({
  /** Incidents by coaching state; `marked`: marked at some time (every later state together). */
  ...counts('marked', 'needsCoaching', 'coached', 'dismissed'),
  /** From the (latest) mark to the coaching, over the coached incidents; null when none was coached. */
  medianMsToCoach: Nullable(Type.Integer()),
  averageMsToCoach: Nullable(Type.Integer()),
});
export type CoachingFigures = Static<typeof CoachingFigures>;
