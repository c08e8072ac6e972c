import { mediaTypes } from '../api/common.js';
import {
  DashboardCandlestick,
  DashboardFleetStatistic,
  DashboardIncident,
  DashboardMaintenance,
  DashboardPeriodChart,
  DashboardPeriodQuery,
  DashboardQuotaStatus,
  DashboardRangeQuery,
  DashboardRemoteUpgrade,
  DashboardSubscription,
  DashboardToDay,
  FleetStatisticQuery,
  UserGuideQuery,
} from '../api/dashboard.js';
import { endpoints } from '../endpoint.js';

/** SPEC section 2: every signed-in console user opens the dashboard; each figure is scoped (Site Admin and normal users count nothing). */
const access = 'session';

/** `/dashboard` (SPEC sections 2 and 7): the figures of the operations dashboard, scoped to the caller. */
export const dashboardApi = endpoints('dashboard', {
  toDay: {
    method: 'GET',
    path: '/v1/dashboard/toDay',
    summary: 'Vehicles and devices online/total, incidents today/total (the caller’s day), device quota used/total',
    access,
    response: DashboardToDay,
  },
  maintenance: {
    method: 'GET',
    path: '/v1/dashboard/maintenance',
    summary: 'Devices needing attention: offline, never online, unbound',
    access,
    response: DashboardMaintenance,
  },
  incident: {
    method: 'GET',
    path: '/v1/dashboard/incident',
    summary: 'The range’s incidents: total, unread, per type and per tag',
    access,
    query: DashboardRangeQuery,
    response: DashboardIncident,
  },
  remoteUpgrade: {
    method: 'GET',
    path: '/v1/dashboard/remoteUpgrade',
    summary: 'Remote upgrades (OTA): campaigns, and the devices’ upgrades pending, succeeded and failed',
    access,
    response: DashboardRemoteUpgrade,
  },
  quotaStatus: {
    method: 'GET',
    path: '/v1/dashboard/quotaStatus',
    summary: 'Whose device quota applies, and how much is used',
    access,
    response: DashboardQuotaStatus,
  },
  period: {
    method: 'GET',
    path: '/v1/dashboard/period',
    summary: 'Incidents per day, week, month or year of the range',
    access,
    query: DashboardPeriodQuery,
    response: DashboardPeriodChart,
  },
  candlestick: {
    method: 'GET',
    path: '/v1/dashboard/candlestickChart',
    summary: 'Per day, the hourly incident counts as a candle (open, close, low, high)',
    access,
    query: DashboardRangeQuery,
    response: DashboardCandlestick,
  },
  fleetStatistic: {
    method: 'GET',
    path: '/v1/dashboard/fleetStatistic',
    summary: 'Per fleet in scope (or one fleet): vehicles, devices online, incidents in the range',
    access,
    query: FleetStatisticQuery,
    response: DashboardFleetStatistic,
  },
  subscription: {
    method: 'GET',
    path: '/v1/dashboard/subscription',
    summary: 'The caller’s company’s subscription and the counts in scope',
    access,
    response: DashboardSubscription,
  },
  logOpen: {
    method: 'PUT',
    path: '/v1/dashboard/log',
    summary: 'Records that the caller opened the dashboard',
    access,
    audit: 'dashboard.open',
  },
  userGuide: {
    method: 'GET',
    path: '/v1/dashboard/userGuide',
    summary: 'The user guide as an A4 PDF in the chosen language',
    access,
    query: UserGuideQuery,
    raw: true,
    produces: [mediaTypes.pdf],
  },
});
