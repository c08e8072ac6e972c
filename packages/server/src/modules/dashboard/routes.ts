import { dashboardApi, languages } from '@safety-shield/contract';
import type { FastifyPluginAsync } from 'fastify';
import { principalOf } from '../../http/auth.js';
import { serve } from '../../http/endpoints.js';
import { browserTimeZone } from '../../http/time-zone.js';
import { releaseTime } from '../../release.js';
import type { DashboardService } from './service.js';
import { userGuidePdf } from './user-guide.js';

/** Handlers of the contract's dashboard endpoints (SPEC sections 2 and 7): the figures, scoped to the caller. */
export const dashboardRoutes: FastifyPluginAsync<{ dashboard: DashboardService }> = async (app, { dashboard }) => {
  serve(app, dashboardApi, {
    toDay: async (req) => dashboard.toDay(principalOf(req), browserTimeZone(req)),
    maintenance: async (req) => dashboard.maintenance(principalOf(req)),
    incident: async (req) => dashboard.incident(principalOf(req), req.query.range, browserTimeZone(req)),
    remoteUpgrade: async (req) => dashboard.remoteUpgrade(principalOf(req)),
    quotaStatus: async (req) => dashboard.quotaStatus(principalOf(req)),
    period: async (req) => dashboard.period(principalOf(req), req.query.range, req.query.period, browserTimeZone(req)),
    candlestick: async (req) => dashboard.candlestick(principalOf(req), req.query.range, browserTimeZone(req)),
    fleetStatistic: async (req) => dashboard.fleetStatistic(principalOf(req), req.query.range, req.query.fleetId, browserTimeZone(req)),
    subscription: async (req) => dashboard.subscription(principalOf(req)),
    // The operation log records the call (its `audit`); nothing else to do.
    logOpen: async () => null,
    userGuide: async (req, reply) => {
      const asked = req.query.language ?? principalOf(req).language ?? 'en';
      const language = languages.includes(asked) ? asked : 'en';
      const pdf = await userGuidePdf(language, releaseTime);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="safety-shield-user-guide-${language}.pdf"`)
        .send(pdf);
    },
  });
};
