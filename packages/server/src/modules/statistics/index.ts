import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Bus } from '../../bus/bus.js';
import type { Db } from '../../db/client.js';
import { runPeriodically } from '../../http/periodic-job.js';
import { StatisticsRollup } from './rollup.js';
import { statisticsRoutes } from './routes.js';
import { StatisticsService } from './service.js';
import { CompanyZones } from './zones.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The statistics' answers and their nightly rollup (issue 19). */
    statistics: { service: StatisticsService; rollup: StatisticsRollup; zones: CompanyZones };
  }
}

/** The first run after start-up catches up missed days; later runs catch each company's midnight and the changed days. */
const FIRST_RUN_MS = 30_000;
const EVERY_MS = 2 * 60_000;

/** Statistics (`/statistics/list`): the answers, and the rollup job on every node (each company rolled by one). */
export const statisticsModule = fp(
  async (app: FastifyInstance, { db, bus, config }: { db: Db; bus: Bus; config: { statisticsRollup?: boolean } }) => {
    const zones = new CompanyZones(db);
    const service = new StatisticsService(db, zones);
    const rollup = new StatisticsRollup(db, zones);
    app.decorate('statistics', { service, rollup, zones });
    // A new incident on any node changes the figures of the views it is in.
    bus.subscribe('incident', (arrived) => service.views.forget(arrived));
    await app.register(statisticsRoutes, { statistics: service });

    if (config.statisticsRollup === false) return;
    // Every node runs it; the advisory locks keep nodes from rolling the same company.
    runPeriodically(app, {
      name: 'statistics rollup',
      firstMs: FIRST_RUN_MS,
      everyMs: EVERY_MS,
      run: () => rollup.run(),
      worthTelling: (done) => done.days > 0,
    });
  },
  { name: 'statistics' },
);

export { dayRange } from './days.js';
export * as statisticsRepo from './repo.js';
export type { StatisticsService } from './service.js';
export { bucketsOf, spanOf } from './service.js';
export type { StatisticsAsk } from './view.js';
export { statisticsView } from './view.js';
export type { CompanyZones } from './zones.js';
