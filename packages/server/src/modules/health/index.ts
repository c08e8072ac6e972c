import fp from 'fastify-plugin';
import { healthRoutes } from './routes.js';

/** The release time the portal answers (`/health/getReleaseVersionTime`). */
export const healthModule = fp(
  async (app) => {
    await app.register(healthRoutes);
  },
  { name: 'health' },
);
