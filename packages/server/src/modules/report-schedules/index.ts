import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.js';
import { runPeriodically } from '../../http/periodic-job.js';
import type { Mailer } from '../../mail/mailer.js';
import { ReportScheduleJob } from './job.js';
import { reportScheduleRoutes } from './routes.js';
import { ReportScheduleService } from './service.js';

export type { ReportScheduleJob } from './job.js';
export type { ReportScheduleService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Scheduled reports (issue 19): the schedules, and the job that sends them (tests run it with their own `now`). */
    reportSchedules: { service: ReportScheduleService; job: ReportScheduleJob };
  }
}

const FIRST_RUN_MS = 20_000;
const EVERY_MS = 60_000;

/** Scheduled reports: the schedule calls, and the job on every node (each delivery claimed by one). */
export const reportScheduleModule = fp(
  async (app: FastifyInstance, { db, mailer, config }: { db: Db; mailer: Mailer; config: { reportSchedules?: boolean } }) => {
    const service = new ReportScheduleService(db, mailer, app.reports, app.log);
    const job = new ReportScheduleJob(db, service, app.log);
    app.decorate('reportSchedules', { service, job });
    await app.register(reportScheduleRoutes, { schedules: service });

    if (config.reportSchedules === false) return;
    // Every node runs it; each delivery is claimed by one.
    runPeriodically(app, {
      name: 'scheduled reports',
      firstMs: FIRST_RUN_MS,
      everyMs: EVERY_MS,
      run: () => job.run(),
      worthTelling: (done) => done.sent + done.failed + done.skipped > 0,
    });
  },
  { name: 'report-schedules', dependencies: ['reports'] },
);
