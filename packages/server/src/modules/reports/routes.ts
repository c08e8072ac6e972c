import { languages, reportApi } from '@safety-shield/contract';
import type { FastifyPluginAsync } from 'fastify';
import { principalOf } from '../../http/auth.js';
import { serve } from '../../http/endpoints.js';
import { browserTimeZone } from '../../http/time-zone.js';
import type { ReportService } from './service.js';

/** Handlers of the contract's report endpoints (`/statistics/report`, issue 19), scoped to the caller. */
export const reportRoutes: FastifyPluginAsync<{ reports: ReportService }> = async (app, { reports }) => {
  serve(app, reportApi, {
    report: async (req) => reports.report(principalOf(req), req.query),
    reportPdf: async (req, reply) => {
      const { language: asked, ...query } = req.query;
      const wanted = asked ?? principalOf(req).language ?? 'en';
      const language = languages.includes(wanted) ? wanted : 'en';
      const zone = browserTimeZone(req);
      const { pdf, fileName } = await reports.pdfFile(principalOf(req), query, language, zone ? { timeZone: zone } : {});
      return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${fileName}"`).send(pdf);
    },
  });
};
