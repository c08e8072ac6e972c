import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.js';
import { reportRoutes } from './routes.js';
import { ReportService } from './service.js';

export { reportFileName } from './pdf.js';
export type { ReportService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The statistics report and its PDF (issue 19); scheduled reports send `reports.pdf(principal, query, language)`, named by `reportFileName`. */
    reports: ReportService;
  }
}

/** The statistics report (`/statistics/report`): figures, rankings, safety scores and coaching, on screen and as a PDF. */
export const reportsModule = fp(
  async (app: FastifyInstance, { db }: { db: Db }) => {
    const reports = new ReportService(db, app.statistics.service, app.safetyScore);
    app.decorate('reports', reports);
    await app.register(reportRoutes, { reports });
  },
  { name: 'reports', dependencies: ['statistics', 'safety-score', 'coaching'] },
);
