import { type Static, Type } from 'typebox';
import { Id, Nullable, OrgFilter } from './common.js';
import { dashboardPeriods, dashboardRanges } from './dashboard.js';
import { defaultTagKinds, type IncidentType, incidentTypes } from './event.js';
import { StatisticsSpan } from './statistics.js';

/**
 * The safety score (issue 19, docs/safety-score.md): 0–100 for a vehicle, fleet or company over a range, from its
 * incidents per 100 km, each weighted by its type and its severity (the incident's tag):
 *
 *   points = Σ types[type] × severities[severity]      rate = points / (distance km / 100)
 *   score  = round(100 × e^(−rate / scale))             none below minDistanceKm
 *
 * A company's admin adjusts the weights; a company without its own weights uses `defaultSafetyWeights`.
 */

/** Severity is the incident's tag: a default tag by its kind, a company's own tag or none as `other`. */
export const safetySeverities = [...defaultTagKinds, 'other'] as const;
export type SafetySeverity = (typeof safetySeverities)[number];

export const SAFETY_TYPE_WEIGHT_MAX = 100;
export const SAFETY_SEVERITY_FACTOR_MAX = 10;

const TypeWeight = Type.Number({ minimum: 0, maximum: SAFETY_TYPE_WEIGHT_MAX });
const SeverityFactor = Type.Number({ minimum: 0, maximum: SAFETY_SEVERITY_FACTOR_MAX });

export const SafetyWeights = Type.Object({
  /** Points per incident of each type. */
  types: Type.Object(Object.fromEntries(incidentTypes.map((type) => [type, TypeWeight])) as Record<IncidentType, typeof TypeWeight>),
  /** What an incident's points are multiplied by, per severity. */
  severities: Type.Object(
    Object.fromEntries(safetySeverities.map((severity) => [severity, SeverityFactor])) as Record<SafetySeverity, typeof SeverityFactor>,
  ),
  /** The points per 100 km at which the score is 37 (100 × e^−1); larger is more lenient. */
  scale: Type.Number({ minimum: 0.1, maximum: 1000 }),
  /** Less driving than this in the range gives no score (too little to judge by). */
  minDistanceKm: Type.Number({ minimum: 0, maximum: 100_000 }),
});
export type SafetyWeights = Static<typeof SafetyWeights>;

/**
 * The weights a company starts with: crashes and near-crashes weigh most, then the driver's attention, then handling;
 * area, panic-button and DVR-clip records are not driving behaviour and weigh nothing. An emergency counts double.
 */
export const defaultSafetyWeights: SafetyWeights = {
  types: {
    collision: 10,
    forwardCollision: 5,
    phoneUse: 5,
    fatigue: 5,
    distraction: 4,
    harshBraking: 3,
    overSpeed: 3,
    seatbelt: 3,
    harshAcceleration: 2,
    sharpTurn: 2,
    laneDeparture: 2,
    blindSpot: 2,
    cameraBlocked: 2,
    smoking: 1,
    areaEnter: 0,
    areaLeave: 0,
    panicButton: 0,
    dvrClip: 0,
  },
  severities: { emergency: 2, interactive: 1, general: 1, other: 1 },
  scale: 10,
  minDistanceKm: 10,
};

/** The score of weighted points over a distance, by the formula above; null below the minimum distance. */
export function safetyScoreOf(points: number, distanceKm: number, weights: Pick<SafetyWeights, 'scale' | 'minDistanceKm'>): number | null {
  if (distanceKm <= 0 || distanceKm < weights.minDistanceKm) return null;
  const rate = points / (distanceKm / 100);
  return Math.round(100 * Math.exp(-rate / weights.scale));
}

/** `GET /v1/safetyScore/weights`: a company's weights; the Company and Fleet Admins read their own company's. */
export const SafetyWeightsQuery = Type.Object({ companyId: Type.Optional(Id) });
export type SafetyWeightsQuery = Static<typeof SafetyWeightsQuery>;

export const SafetyWeightsInfo = Type.Object({
  companyId: Type.Integer(),
  companyName: Type.String(),
  weights: SafetyWeights,
  /** True while the company uses the defaults (it never saved its own, or reset them). */
  isDefault: Type.Boolean(),
  updatedAt: Nullable(Type.Integer()),
  updatedByName: Nullable(Type.String()),
});
export type SafetyWeightsInfo = Static<typeof SafetyWeightsInfo>;

/** `PUT /v1/safetyScore/weights`: a company's own weights; null goes back to the defaults. */
export const SafetyWeightsBody = Type.Object({ companyId: Type.Optional(Id), weights: Nullable(SafetyWeights) });
export type SafetyWeightsBody = Static<typeof SafetyWeightsBody>;

export const safetyLevels = ['vehicle', 'fleet', 'company'] as const;
export type SafetyLevel = (typeof safetyLevels)[number];
export const SAFETY_RANKING_MAX = 100;

/**
 * `GET /v1/safetyScore/list`: scores over a statistics range for the caller's scope, narrowed like the statistics
 * (organisation or one vehicle). `level` ranks vehicles, fleets or companies; `order` worst (lowest score) or best first.
 */
export const SafetyScoreQuery = Type.Object({
  range: Type.Enum(dashboardRanges),
  period: Type.Enum(dashboardPeriods, { default: 'day' }),
  ...OrgFilter,
  vehicleId: Type.Optional(Id),
  level: Type.Enum(safetyLevels, { default: 'vehicle' }),
  order: Type.Enum(['worst', 'best'] as const, { default: 'worst' }),
  limit: Type.Integer({ minimum: 1, maximum: SAFETY_RANKING_MAX, default: 10 }),
});
export type SafetyScoreQuery = Static<typeof SafetyScoreQuery>;

/** The figures a score is made of. `score` is null below the minimum distance. */
export const SafetyFigures = Type.Object({
  score: Nullable(Type.Integer({ minimum: 0, maximum: 100 })),
  incidents: Type.Integer(),
  points: Type.Number(),
  distanceKm: Type.Number(),
  /** Weighted points per 100 km; null without distance. */
  pointsPer100Km: Nullable(Type.Number()),
});
export type SafetyFigures = Static<typeof SafetyFigures>;

export const SafetyScoreRow = Type.Object({
  /** The vehicle's, fleet's or company's id, and its plate or name. */
  id: Type.Integer(),
  name: Type.String(),
  fleetName: Nullable(Type.String()),
  companyName: Nullable(Type.String()),
  ...SafetyFigures.properties,
});
export type SafetyScoreRow = Static<typeof SafetyScoreRow>;

export const SafetyScoreList = Type.Object({
  span: StatisticsSpan,
  period: Type.Enum(dashboardPeriods),
  level: Type.Enum(safetyLevels),
  /** The whole scope (or the one vehicle) over the range. */
  overall: SafetyFigures,
  /** The overall score per period bucket of the range (every bucket present). */
  trend: Type.Array(Type.Object({ label: Type.String(), ...SafetyFigures.properties })),
  /** Scored rows, worst or best first, at most `limit`; `scored` and `unscored` count all rows of the level. */
  rows: Type.Array(SafetyScoreRow),
  scored: Type.Integer(),
  /** Rows that drove less than the minimum distance (or not at all) but had incidents or vehicles. */
  unscored: Type.Integer(),
  /** Whether every company in view uses the default weights. */
  defaultWeights: Type.Boolean(),
  /** The least distance the overall figure needs for a score (companies in view with different ones: the default's). */
  minDistanceKm: Type.Number(),
});
export type SafetyScoreList = Static<typeof SafetyScoreList>;
