import { type Static, Type } from 'typebox';
import { counts, Id, Nullable, OrgFilter } from './common.js';
import { dashboardPeriods, dashboardRanges } from './dashboard.js';
import { IncidentTypeSchema } from './event.js';

/**
 * `/statistics/list` (SPEC sections 2, 3, 5, 9): the range is required (SPEC section 5), the period defaults to days.
 * The data source is the organisation level (agent, company, fleet) or one vehicle; tag and type narrow the incidents.
 * Every named record must be in the caller's scope (PERMISSION_CHECK_FAIL otherwise).
 */
export const StatisticsQuery = Type.Object({
  range: Type.Enum(dashboardRanges),
  period: Type.Enum(dashboardPeriods, { default: 'day' }),
  ...OrgFilter,
  vehicleId: Type.Optional(Id),
  tagId: Type.Optional(Id),
  type: Type.Optional(IncidentTypeSchema),
});
export type StatisticsQuery = Static<typeof StatisticsQuery>;

/**
 * The days a range covered: each company counts in its own time zone (docs/decisions.md, "Statistics (issue 19)"), so
 * the span is the union of those days (YYYY-MM-DD, both ends included) and the zones they were read in.
 */
export const StatisticsSpan = Type.Object({ fromDay: Type.String(), toDay: Type.String(), timeZones: Type.Array(Type.String()) });
export type StatisticsSpan = Static<typeof StatisticsSpan>;

/**
 * A tag as statistics group them: a default tag by its kind (`emergency`, across companies; `name` is its stored name when
 * one company is in view), a company's own tag by `tag:<id>`, incidents without a tag by `none`.
 */
const TagCount = Type.Object({ key: Type.String(), name: Nullable(Type.String()), count: Type.Integer() });
const TypeCount = Type.Object({ key: Type.String(), count: Type.Integer() });

/**
 * Counts over time: one entry per period bucket of the range (every bucket present, zeros included), labelled by its
 * first day; per type and per tag, `counts[i]` belongs to `buckets[i]`.
 */
export const StatisticsSeries = Type.Object({
  buckets: Type.Array(Type.Object({ label: Type.String(), incidents: Type.Integer(), distanceKm: Type.Number() })),
  types: Type.Array(Type.Object({ key: Type.String(), counts: Type.Array(Type.Integer()) })),
  tags: Type.Array(Type.Object({ key: Type.String(), name: Nullable(Type.String()), counts: Type.Array(Type.Integer()) })),
});
export type StatisticsSeries = Static<typeof StatisticsSeries>;

/** Distance driven (the trail, by the odometer's rule) and incidents per 100 km; null without distance. */
export const StatisticsDistance = Type.Object({
  distanceKm: Type.Number(),
  drivingHours: Type.Number(),
  per100Km: Nullable(Type.Number()),
});

export const FleetRanking = Type.Object({
  fleetId: Type.Integer(),
  fleetName: Type.String(),
  companyName: Nullable(Type.String()),
  incidents: Type.Integer(),
  ...StatisticsDistance.properties,
});
export type FleetRanking = Static<typeof FleetRanking>;

/** Where incidents happened: the nearest town (offline, GeoNames) of each incident's position. */
export const PlaceRanking = Type.Object({ name: Type.String(), country: Type.String(), incidents: Type.Integer() });
export type PlaceRanking = Static<typeof PlaceRanking>;

const KeyCount = Type.Object({ key: Nullable(Type.String()), count: Type.Integer() });

/**
 * Vehicles now: `leasedOut` owned and lent to another fleet, `leasedIn` used here while a lease from another fleet
 * runs; `active` those that drove in the range.
 */
const allocationCounts = counts('vehicles', 'leasedOut', 'leasedIn', 'active');

/**
 * Vehicles of a fleet now, and how much they were used in the range (utilisation: driving time over the range's hours,
 * per vehicle, in percent).
 */
export const FleetAllocation = Type.Object({
  fleetId: Type.Integer(),
  fleetName: Type.String(),
  ...allocationCounts,
  distanceKm: Type.Number(),
  drivingHours: Type.Number(),
  utilisation: Type.Number(),
});
export type FleetAllocation = Static<typeof FleetAllocation>;

export const VehicleAllocation = Type.Object({
  ...allocationCounts,
  utilisation: Type.Number(),
  byUse: Type.Array(KeyCount),
  byKind: Type.Array(KeyCount),
  /** The fleets with the most vehicles (at most 20). */
  fleets: Type.Array(FleetAllocation),
});
export type VehicleAllocation = Static<typeof VehicleAllocation>;

/** `GET /v1/statistics/overview`: the Overview tab. Rankings hold the top 10 (most incidents first). */
export const StatisticsOverview = Type.Object({
  span: StatisticsSpan,
  period: Type.Enum(dashboardPeriods),
  total: Type.Integer(),
  byType: Type.Array(TypeCount),
  byTag: Type.Array(TagCount),
  series: StatisticsSeries,
  fleets: Type.Array(FleetRanking),
  places: Type.Object({
    records: Type.Array(PlaceRanking),
    /** Incidents without a position, or farther than 30 km from any town. */
    unplaced: Type.Integer(),
  }),
  distance: StatisticsDistance,
  allocation: VehicleAllocation,
});
export type StatisticsOverview = Static<typeof StatisticsOverview>;

/** `GET /v1/statistics/tag`: the Tag statistics tab: per cycle (period bucket) and tag, the count (SPEC section 3). */
export const StatisticsTags = Type.Object({
  span: StatisticsSpan,
  period: Type.Enum(dashboardPeriods),
  /** The data source's name: the filtered organisation or vehicle; null is everything in the caller's scope. */
  dataSource: Nullable(Type.String()),
  total: Type.Integer(),
  tags: Type.Array(TagCount),
  /** Cycles in order, tags by count within each; only cycles and tags with incidents. */
  rows: Type.Array(Type.Object({ cycle: Type.String(), key: Type.String(), name: Nullable(Type.String()), count: Type.Integer() })),
  series: StatisticsSeries,
});
export type StatisticsTags = Static<typeof StatisticsTags>;
