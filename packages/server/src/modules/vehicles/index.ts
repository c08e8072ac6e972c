import type { MapConfig } from '@safety-shield/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client.js';
import type { DeviceCommands } from '../../device-port/index.js';
import type { Mailer } from '../../mail/mailer.js';
import { BindingService } from './binding.js';
import { VehicleEmailService } from './emails.js';
import { scheduleLeaseExpiry } from './lease-expiry.js';
import { vehicleRoutes } from './routes.js';
import { VehicleService } from './service.js';

interface VehiclePlatform {
  db: Db;
  mailer: Mailer;
  map: MapConfig;
  /** A device's binding changed: told to the device port (`forget`). */
  deviceCommands: DeviceCommands;
}

/** Vehicles, their bindings, leases and notification addresses, and the map background their pages draw on. */
export const vehicleModule = fp(
  async (app: FastifyInstance, { db, mailer, map, deviceCommands }: VehiclePlatform) => {
    const binding = new BindingService(db, (deviceId) => void deviceCommands.forget(deviceId));
    const vehicles = new VehicleService(db, app.orgs, binding);
    await app.register(vehicleRoutes, { vehicles, binding, emails: new VehicleEmailService(db, mailer), map });
    scheduleLeaseExpiry(app, vehicles);
  },
  { name: 'vehicles', dependencies: ['orgs'] },
);

export { leaseRunning, lessee, visibleVehicles } from './scope.js';
