import { mapApi, vehicleApi } from '@safety-shield/contract';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.js';
import { vehicle } from '../../db/schema.js';
import { principalOf } from '../../http/auth.js';
import { serve } from '../../http/endpoints.js';
import { AppError } from '../../http/errors.js';
import type { Principal } from '../../http/principal.js';
import { outOfScope } from '../../http/scope.js';
import { auditTarget } from '../logs/recorder.js';
import type { BindingService } from './binding.js';
import type { VehicleEmailService } from './emails.js';
import { findVehicleDetail, listVehicles, vehicleEmails, vehicleOptions } from './repo.js';
import { ownedVehicles, visibleVehicles } from './scope.js';
import { normalisePlate, type VehicleService } from './service.js';
import { readTrail } from './trail.js';

export interface VehicleRouteOptions {
  db: Db;
  vehicles: VehicleService;
  binding: BindingService;
  emails: VehicleEmailService;
  map: { tileUrl: string | null; attribution: string };
}

/** The id of a vehicle the caller sees, or PERMISSION_CHECK_FAIL / VEHICLE_NOT_EXIST. */
async function visibleVehicleId(db: Db, principal: Principal, id: number): Promise<number> {
  const [row] = await db
    .select({ id: vehicle.id })
    .from(vehicle)
    .where(and(visibleVehicles(principal), eq(vehicle.id, id)));
  if (!row) throw outOfScope(principal, 'VEHICLE_NOT_EXIST');
  return row.id;
}

/** Handlers of the contract's vehicle endpoints, and the map background the vehicle pages draw on. */
export const vehicleRoutes: FastifyPluginAsync<VehicleRouteOptions> = async (app, { db, vehicles, binding, emails, map }) => {
  serve(app, mapApi, { config: () => map });
  serve(app, vehicleApi, {
    list: async (req) => listVehicles(db, principalOf(req), req.query),
    info: async (req) => {
      const principal = principalOf(req);
      const { id, licensePlate } = req.query;
      if (id === undefined && licensePlate === undefined) throw new AppError('PARAM_CHECK_FAIL', 'id', { field: 'id' });
      const by = id !== undefined ? eq(vehicle.id, id) : sql`upper(${vehicle.licensePlate}) = ${normalisePlate(licensePlate ?? '')}`;
      const detail = await findVehicleDetail(db, principal, by);
      if (!detail) throw outOfScope(principal, 'VEHICLE_NOT_EXIST');
      return detail;
    },
    options: async (req) => vehicleOptions(db, ownedVehicles(principalOf(req)), req.query),
    create: async (req) => {
      const created = await vehicles.create(principalOf(req), req.body);
      auditTarget(req, req.body.licensePlate);
      return created;
    },
    update: async (req) => {
      auditTarget(req, req.body.id);
      await vehicles.update(principalOf(req), req.body);
      return null;
    },
    remove: async (req) => {
      auditTarget(req, req.params.id);
      await vehicles.remove(principalOf(req), req.params.id);
      return null;
    },
    bind: async (req) => {
      auditTarget(req, `${req.body.deviceId}→${req.body.vehicleId}`);
      await binding.bind(principalOf(req), req.body);
      return null;
    },
    unbind: async (req) => {
      auditTarget(req, req.body.deviceId);
      await binding.unbind(principalOf(req), req.body.deviceId);
      return null;
    },
    lease: async (req) => {
      auditTarget(req, req.body.id);
      await vehicles.lease(principalOf(req), req.body);
      return null;
    },
    endLease: async (req) => {
      auditTarget(req, req.body.id);
      await vehicles.endLease(principalOf(req), req.body.id);
      return null;
    },
    trail: async (req) => {
      const id = await visibleVehicleId(db, principalOf(req), req.query.vehicleId);
      return readTrail(db, id, req.query.startTime, req.query.endTime);
    },
    emails: async (req) => vehicleEmails(db, await visibleVehicleId(db, principalOf(req), req.query.vehicleId)),
    addEmail: async (req) => {
      auditTarget(req, req.body.vehicleId);
      return emails.add(principalOf(req), req.body);
    },
    sendEmailCode: async (req) => {
      auditTarget(req, req.body.id);
      await emails.sendCode(principalOf(req), req.body.id);
      return null;
    },
    verifyEmail: async (req) => {
      auditTarget(req, req.body.id);
      await emails.verify(principalOf(req), req.body);
      return null;
    },
    removeEmail: async (req) => {
      auditTarget(req, req.params.id);
      await emails.remove(principalOf(req), req.params.id);
      return null;
    },
  });
};
