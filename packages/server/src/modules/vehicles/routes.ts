import { mapApi, vehicleApi } from '@safety-shield/contract';
import type { FastifyPluginAsync } from 'fastify';
import { principalOf } from '../../http/auth.js';
import { serve } from '../../http/endpoints.js';
import { requestLanguage } from '../../http/language.js';
import { auditTarget } from '../logs/index.js';
import type { BindingService } from './binding.js';
import type { VehicleEmailService } from './emails.js';
import type { VehicleService } from './service.js';

export interface VehicleRouteOptions {
  vehicles: VehicleService;
  binding: BindingService;
  emails: VehicleEmailService;
  map: { tileUrl: string | null; attribution: string };
}

/** Handlers of the contract's vehicle endpoints, and the map background the vehicle pages draw on. */
export const vehicleRoutes: FastifyPluginAsync<VehicleRouteOptions> = async (app, { vehicles, binding, emails, map }) => {
  serve(app, mapApi, { config: () => map });
  serve(app, vehicleApi, {
    list: async (req) => vehicles.list(principalOf(req), req.query),
    info: async (req) => vehicles.info(principalOf(req), req.query),
    options: async (req) => vehicles.options(principalOf(req), req.query),
    create: async (req) => {
      const created = await vehicles.create(principalOf(req), req.body);
      auditTarget(req, req.body.licensePlate);
      return created;
    },
    update: async (req) => vehicles.update(principalOf(req), req.body),
    remove: async (req) => vehicles.remove(principalOf(req), req.params.id),
    bind: async (req) => {
      auditTarget(req, `${req.body.deviceId}→${req.body.vehicleId}`);
      return binding.bind(principalOf(req), req.body);
    },
    unbind: async (req) => binding.unbind(principalOf(req), req.body.deviceId),
    lease: async (req) => vehicles.lease(principalOf(req), req.body),
    endLease: async (req) => vehicles.endLease(principalOf(req), req.body.id),
    trail: async (req) => vehicles.trail(principalOf(req), req.query),
    emails: async (req) => vehicles.emails(principalOf(req), req.query.vehicleId),
    addEmail: async (req) => emails.add(principalOf(req), req.body),
    sendEmailCode: async (req) => emails.sendCode(principalOf(req), req.body.id, requestLanguage(req)),
    verifyEmail: async (req) => emails.verify(principalOf(req), req.body),
    removeEmail: async (req) => emails.remove(principalOf(req), req.params.id),
  });
};
