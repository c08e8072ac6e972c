import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Bus } from '../../bus/bus.js';
import type { Db } from '../../db/client.js';
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
    bus.subscribe('incident', (arrived) => service.forget(arrived));
    await app.register(statisticsRoutes, { statistics: service });

    if (config.statisticsRollup === false) return;
    let running: Promise<unknown> | undefined;
    const run = () => {
      // One run at a time on a node; the advisory locks keep nodes from rolling the same company.
      running ??= rollup
        .run()
        .then((done) => done.days > 0 && app.log.info(done, 'statistics: days rolled up'))
        .catch((err: unknown) => app.log.error({ err }, 'statistics rollup failed; retried at the next run'))
        .finally(() => {
          running = undefined;
        });
    };
    const first = setTimeout(run, FIRST_RUN_MS).unref();
    const every = setInterval(run, EVERY_MS).unref();
    app.addHook('onClose', async () => {
      clearTimeout(first);
      clearInterval(every);
      await running;
    });
  },
  { name: 'statistics' },
);
