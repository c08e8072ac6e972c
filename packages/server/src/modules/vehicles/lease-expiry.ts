import type { FastifyInstance } from 'fastify';
import type { VehicleService } from './service.js';

const EVERY_MS = 60_000;

/**
 * Ends leases whose time is up (SPEC section 4: automatic end at expiry). The scope rule already ignores an expired
 * lease, so the console is right at once; this only clears the row, once a minute, on whichever node runs it.
 */
export function scheduleLeaseExpiry(app: FastifyInstance, vehicles: VehicleService) {
  const timer = setInterval(() => {
    vehicles
      .endExpiredLeases()
      .then((ended) => ended > 0 && app.log.info({ ended }, 'leases ended at their expiry'))
      .catch((err: unknown) => app.log.warn({ err }, 'ending expired leases failed; retried in a minute'));
  }, EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
