import { type Static, Type } from 'typebox';
import { languages } from '../languages.js';
import { counts, EpochMs, Id, Nullable, TimeRange } from './common.js';
import { plans, SubscriptionState } from './subscription.js';

/** SPEC section 9: the statistics ranges, each read in the caller's time zone (the account's, else the browser's, else UTC). */
export const dashboardRanges = ['today', 'last7Days', 'last14Days', 'lastMonth', 'currentMonth', 'currentSeason'] as const;
export type DashboardRange = (typeof dashboardRanges)[number];
/** SPEC section 9: the periods a chart counts by. */
export const dashboardPeriods = ['day', 'week', 'month', 'year'] as const;
export type DashboardPeriod = (typeof dashboardPeriods)[number];

export const DashboardRangeQuery = Type.Object({ range: Type.Enum(dashboardRanges, { default: 'last7Days' }) });
export type DashboardRangeQuery = Static<typeof DashboardRangeQuery>;

export const DashboardPeriodQuery = Type.Object({
  range: Type.Enum(dashboardRanges, { default: 'last7Days' }),
  period: Type.Enum(dashboardPeriods, { default: 'day' }),
});
export type DashboardPeriodQuery = Static<typeof DashboardPeriodQuery>;

export const FleetStatisticQuery = Type.Object({
  range: Type.Enum(dashboardRanges, { default: 'last7Days' }),
  /** One fleet only; it must be in the caller's scope (PERMISSION_CHECK_FAIL otherwise). */
  fleetId: Type.Optional(Id),
});
export type FleetStatisticQuery = Static<typeof FleetStatisticQuery>;

export const UserGuideQuery = Type.Object({ language: Type.Optional(Type.Enum(languages)) });
export type UserGuideQuery = Static<typeof UserGuideQuery>;

/** The window a range covered: from its first instant to now (or the range's end), as epoch ms. */
const Window = Type.Object({ from: EpochMs, to: EpochMs, timeZone: Type.String() });

const OnlineTotal = Type.Object({ online: Type.Integer(), total: Type.Integer() });

/** `GET /v1/dashboard/toDay`: the four stat cards. */
export const DashboardToDay = Type.Object({
  vehicles: OnlineTotal,
  devices: OnlineTotal,
  incidents: Type.Object({ today: Type.Integer(), total: Type.Integer() }),
  /** Devices counted against the quota holder's device quota; total null is no limit. */
  quota: Type.Object({ used: Type.Integer(), total: Nullable(Type.Integer()) }),
  /** The time zone "today" was read in: the account's, else the browser's (the console's x-time-zone header), else UTC. */
  timeZone: Type.String(),
});
export type DashboardToDay = Static<typeof DashboardToDay>;

/**
 * `GET /v1/dashboard/maintenance`: devices needing attention. Running-status errors are not reported by devices yet.
 * alerts: pending running-status alerts (the device menu's badge, docs/device-protocol.md `health`); offline: devices
 * offline now; neverOnline: devices never seen online; unbound: devices not bound to a vehicle.
 */
export const DashboardMaintenance = Type.Object(counts('alerts', 'offline', 'neverOnline', 'unbound'));
export type DashboardMaintenance = Static<typeof DashboardMaintenance>;

const NamedCount = Type.Object({ key: Type.String(), name: Nullable(Type.String()), count: Type.Integer() });

/** `GET /v1/dashboard/incident`: the range's incidents, unread ones, per type and per tag (largest first). */
export const DashboardIncident = Type.Object({
  window: Window,
  total: Type.Integer(),
  unread: Type.Integer(),
  byType: Type.Array(NamedCount),
  byTag: Type.Array(NamedCount),
});
export type DashboardIncident = Static<typeof DashboardIncident>;

/** `GET /v1/dashboard/remoteUpgrade`: upgrade campaigns, and the upgrades of the caller's devices by where they stand. */
export const DashboardRemoteUpgrade = Type.Object({ tracked: Type.Boolean(), ...counts('tasks', 'pending', 'succeeded', 'failed') });
export type DashboardRemoteUpgrade = Static<typeof DashboardRemoteUpgrade>;

/** `GET /v1/dashboard/quotaStatus`: whose device quota applies and how much of it is used. */
export const DashboardQuotaStatus = Type.Object({
  holder: Type.Enum(['platform', 'agent', 'company', 'none']),
  holderName: Nullable(Type.String()),
  /** 'subscription' when an active subscription sets the quota, 'organisation' when the organisation does. */
  source: Type.Enum(['subscription', 'organisation', 'none']),
  total: Nullable(Type.Integer()),
  used: Type.Integer(),
  remaining: Nullable(Type.Integer()),
  /** Companies in scope at or over their quota (agents and the Super Admin). */
  companiesFull: Type.Integer(),
});
export type DashboardQuotaStatus = Static<typeof DashboardQuotaStatus>;

/** `GET /v1/dashboard/period`: incidents per period over the range, every bucket present (zeros included). */
export const DashboardPeriodChart = Type.Object({
  window: Window,
  period: Type.Enum(dashboardPeriods),
  buckets: Type.Array(Type.Object({ start: EpochMs, label: Type.String(), count: Type.Integer() })),
});
export type DashboardPeriodChart = Static<typeof DashboardPeriodChart>;

/**
 * `GET /v1/dashboard/candlestickChart`: per day of the range, the day's hourly incident counts as a candle:
 * open the first hour (00:00), close the last hour (23:00, or the current hour today), low the quietest hour,
 * high the busiest; total the day's incidents.
 */
export const DashboardCandlestick = Type.Object({
  window: Window,
  days: Type.Array(Type.Object({ day: Type.String(), ...counts('open', 'close', 'low', 'high', 'total') })),
});
export type DashboardCandlestick = Static<typeof DashboardCandlestick>;

export const FleetStatistic = Type.Object({
  fleetId: Type.Integer(),
  fleetName: Type.String(),
  companyName: Nullable(Type.String()),
  ...counts('vehicles', 'devices', 'devicesOnline', 'incidents'),
});
export type FleetStatistic = Static<typeof FleetStatistic>;

/** `GET /v1/dashboard/fleetStatistic`: per fleet in scope (at most 50, most incidents first). */
export const DashboardFleetStatistic = Type.Object({ window: Window, records: Type.Array(FleetStatistic), total: Type.Integer() });
export type DashboardFleetStatistic = Static<typeof DashboardFleetStatistic>;

/** `GET /v1/dashboard/subscription`: the caller's company's subscription, and counts of those in scope. */
export const DashboardSubscription = Type.Object({
  current: Nullable(
    Type.Object({
      plan: Type.Enum(plans),
      state: SubscriptionState,
      deviceQuota: Type.Integer(),
      ...TimeRange,
      daysLeft: Type.Integer(),
    }),
  ),
  active: Type.Integer(),
  suspended: Type.Integer(),
  ended: Type.Integer(),
  /** Active ones ending within 30 days. */
  expiringSoon: Type.Integer(),
});
export type DashboardSubscription = Static<typeof DashboardSubscription>;
