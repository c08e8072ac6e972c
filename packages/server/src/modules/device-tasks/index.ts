import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Bus } from '../../bus/bus.js';
import type { Db } from '../../db/client.js';
import { deviceTaskRoutes } from './routes.js';
import { DeviceTaskService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Device tasks; each kind's service registers what cancel and retry do (`deviceTasks.handle`). */
    deviceTasks: DeviceTaskService;
  }
}

/** Device tasks (`/devicepage/taskManager`). */
export const deviceTaskModule = fp(
  async (app: FastifyInstance, { db, bus }: { db: Db; bus: Bus }) => {
    const tasks = new DeviceTaskService(db, bus, app.log);
    app.decorate('deviceTasks', tasks);
    await app.register(deviceTaskRoutes, { tasks });
  },
  { name: 'device-tasks' },
);

export { deliverInTurns, inTurns } from './in-turns.js';
export { batchTargets, countsOf, noCounts, settleRows, toTask } from './repo.js';
export type { DeviceTaskService } from './service.js';
