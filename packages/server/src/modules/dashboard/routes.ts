import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
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
  languages,
  UserGuideQuery,
} from '@safety-shield/contract';
import { Type } from 'typebox';
import { principalOf } from '../../http/auth.js';
import { Envelope, ok } from '../../http/envelope.js';
import { releaseTime } from '../../release.js';
import type { DashboardService } from './service.js';
import { guideLanguage, userGuidePdf } from './user-guide.js';

const tags = ['dashboard'];
/** SPEC section 2: every signed-in console user opens the dashboard; each figure is scoped (Site Admin and normal users count nothing). */
const access = 'session' as const;

/** `/dashboard` (SPEC sections 2 and 7): the figures of the operations dashboard, scoped to the caller. */
export const dashboardRoutes: FastifyPluginAsyncTypebox<{ dashboard: DashboardService }> = async (app, { dashboard }) => {
  app.get(
    '/v1/dashboard/toDay',
    {
      schema: {
        tags,
        summary: 'Vehicles and devices online/total, incidents today/total (the caller’s day), device quota used/total',
        response: { 200: Envelope(DashboardToDay) },
      },
      config: { access },
    },
    async (req) => ok(await dashboard.toDay(principalOf(req))),
  );

  app.get(
    '/v1/dashboard/maintenance',
    {
      schema: {
        tags,
        summary: 'Devices needing attention: offline, never online, unbound',
        response: { 200: Envelope(DashboardMaintenance) },
      },
      config: { access },
    },
    async (req) => ok(await dashboard.maintenance(principalOf(req))),
  );

  app.get(
    '/v1/dashboard/incident',
    {
      schema: {
        tags,
        summary: 'The range’s incidents: total, unread, per type and per tag',
        querystring: DashboardRangeQuery,
        response: { 200: Envelope(DashboardIncident) },
      },
      config: { access },
    },
    async (req) => ok(await dashboard.incident(principalOf(req), req.query.range)),
  );

  app.get(
    '/v1/dashboard/remoteUpgrade',
    {
      schema: {
        tags,
        summary: 'Remote upgrade (OTA) tasks: none yet, the portal has no OTA',
        response: { 200: Envelope(DashboardRemoteUpgrade) },
      },
      config: { access },
    },
    async () => ok({ tracked: false, tasks: 0, pending: 0, succeeded: 0, failed: 0 }),
  );

  app.get(
    '/v1/dashboard/quotaStatus',
    {
      schema: { tags, summary: 'Whose device quota applies, and how much is used', response: { 200: Envelope(DashboardQuotaStatus) } },
      config: { access },
    },
    async (req) => ok(await dashboard.quotaStatus(principalOf(req))),
  );

  app.get(
    '/v1/dashboard/period',
    {
      schema: {
        tags,
        summary: 'Incidents per day, week, month or year of the range',
        querystring: DashboardPeriodQuery,
        response: { 200: Envelope(DashboardPeriodChart) },
      },
      config: { access },
    },
    async (req) => ok(await dashboard.period(principalOf(req), req.query.range, req.query.period)),
  );

  app.get(
    '/v1/dashboard/candlestickChart',
    {
      schema: {
        tags,
        summary: 'Per day, the hourly incident counts as a candle (open, close, low, high)',
        querystring: DashboardRangeQuery,
        response: { 200: Envelope(DashboardCandlestick) },
      },
      config: { access },
    },
    async (req) => ok(await dashboard.candlestick(principalOf(req), req.query.range)),
  );

  app.get(
    '/v1/dashboard/fleetStatistic',
    {
      schema: {
        tags,
        summary: 'Per fleet in scope (or one fleet): vehicles, devices online, incidents in the range',
        querystring: FleetStatisticQuery,
        response: { 200: Envelope(DashboardFleetStatistic) },
      },
      config: { access },
    },
    async (req) => ok(await dashboard.fleetStatistic(principalOf(req), req.query.range, req.query.fleetId)),
  );

  app.get(
    '/v1/dashboard/subscription',
    {
      schema: {
        tags,
        summary: 'The caller’s company’s subscription and the counts in scope',
        response: { 200: Envelope(DashboardSubscription) },
      },
      config: { access },
    },
    async (req) => ok(await dashboard.subscription(principalOf(req))),
  );

  app.put(
    '/v1/dashboard/log',
    {
      schema: { tags, summary: 'Records that the caller opened the dashboard', response: { 200: Envelope(Type.Null()) } },
      config: { access, audit: 'dashboard.open' },
    },
    async () => ok(null),
  );

  app.get(
    '/v1/dashboard/userGuide',
    {
      schema: {
        tags,
        summary: 'The user guide as an A4 PDF in the chosen language (Russian: English, Helvetica cannot show Cyrillic)',
        querystring: UserGuideQuery,
        produces: ['application/pdf'],
      },
      config: { access },
    },
    async (req, reply) => {
      const asked = req.query.language ?? principalOf(req).language ?? 'en';
      const language = guideLanguage(languages.includes(asked) ? asked : 'en');
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="safety-shield-user-guide-${language}.pdf"`)
        .send(userGuidePdf(language, releaseTime));
    },
  );
};
