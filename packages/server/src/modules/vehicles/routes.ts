import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  BindBody,
  Created,
  EmailAddBody,
  EmailVerifyBody,
  fleetAdminsAndAbove,
  IdBody,
  LeaseBody,
  MapConfig,
  PageOf,
  Trail,
  TrailQuery,
  UnbindBody,
  VehicleCreateBody,
  VehicleDetail,
  VehicleEmailRecord,
  VehicleInfoQuery,
  VehicleListQuery,
  VehicleOption,
  VehicleOptionsQuery,
  VehicleRecord,
  VehicleUpdateBody,
} from '@safety-shield/contract';
import { and, eq, sql } from 'drizzle-orm';
import { Type } from 'typebox';
import type { Db } from '../../db/client.js';
import { vehicle } from '../../db/schema.js';
import { principalOf } from '../../http/auth.js';
import { Envelope, ok } from '../../http/envelope.js';
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

const tags = ['vehicles'];
/** Vehicles are written by the admins of their chain; a Site Admin's scope holds no vehicles (SPEC section 6). */
const WRITERS = fleetAdminsAndAbove;
const Done = Envelope(Type.Null());
const IdParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });

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

/** Vehicles, their devices, leases, trails and notification e-mails (issue 5; the spec shows no vehicle calls). */
export const vehicleRoutes: FastifyPluginAsyncTypebox<VehicleRouteOptions> = async (app, { db, vehicles, binding, emails, map }) => {
  app.get(
    '/v1/vehicle/list',
    {
      schema: {
        tags,
        summary: 'Vehicles the caller sees (own and leased to it), newest first',
        querystring: VehicleListQuery,
        response: { 200: Envelope(PageOf(VehicleRecord)) },
      },
      config: { access: 'session' },
    },
    async (req) => ok(await listVehicles(db, principalOf(req), req.query)),
  );

  app.get(
    '/v1/vehicle/info',
    {
      schema: {
        tags,
        summary: 'One vehicle by id or plate, with its devices and e-mails',
        querystring: VehicleInfoQuery,
        response: { 200: Envelope(VehicleDetail) },
      },
      config: { access: 'session' },
    },
    async (req) => {
      const principal = principalOf(req);
      const { id, licensePlate } = req.query;
      if (id === undefined && licensePlate === undefined) throw new AppError('PARAM_CHECK_FAIL', 'id', { field: 'id' });
      const by = id !== undefined ? eq(vehicle.id, id) : sql`upper(${vehicle.licensePlate}) = ${normalisePlate(licensePlate ?? '')}`;
      const detail = await findVehicleDetail(db, principal, by);
      if (!detail) throw outOfScope(principal, 'VEHICLE_NOT_EXIST');
      return ok(detail);
    },
  );

  app.get(
    '/v1/vehicle/options',
    {
      schema: {
        tags,
        summary: 'Plates of the caller’s own vehicles, for pickers',
        querystring: VehicleOptionsQuery,
        response: { 200: Envelope(Type.Array(VehicleOption)) },
      },
      config: { access: 'session' },
    },
    async (req) => ok(await vehicleOptions(db, ownedVehicles(principalOf(req)), req.query)),
  );

  app.post(
    '/v1/vehicle',
    {
      schema: { tags, summary: 'Register a vehicle in a fleet', body: VehicleCreateBody, response: { 200: Envelope(Created) } },
      config: { access: WRITERS, audit: 'vehicle.create' },
    },
    async (req) => {
      const created = await vehicles.create(principalOf(req), req.body);
      auditTarget(req, req.body.licensePlate);
      return ok(created);
    },
  );

  app.put(
    '/v1/vehicle/info',
    {
      schema: { tags, summary: 'Edit a vehicle', body: VehicleUpdateBody, response: { 200: Done } },
      config: { access: WRITERS, audit: 'vehicle.update' },
    },
    async (req) => {
      auditTarget(req, req.body.id);
      await vehicles.update(principalOf(req), req.body);
      return ok(null);
    },
  );

  app.delete(
    '/v1/vehicle/:id',
    {
      schema: { tags, summary: 'Delete a vehicle (its devices are unbound first)', params: IdParams, response: { 200: Done } },
      config: { access: WRITERS, audit: 'vehicle.delete' },
    },
    async (req) => {
      auditTarget(req, req.params.id);
      await vehicles.remove(principalOf(req), req.params.id);
      return ok(null);
    },
  );

  app.put(
    '/v1/vehicle/bind',
    {
      schema: {
        tags,
        summary: 'Bind a device to a vehicle (force takes it from another vehicle)',
        body: BindBody,
        response: { 200: Done },
      },
      config: { access: WRITERS, audit: 'vehicle.bind' },
    },
    async (req) => {
      auditTarget(req, `${req.body.deviceId}→${req.body.vehicleId}`);
      await binding.bind(principalOf(req), req.body);
      return ok(null);
    },
  );

  app.put(
    '/v1/vehicle/unbind',
    {
      schema: { tags, summary: 'Unbind a device from its vehicle', body: UnbindBody, response: { 200: Done } },
      config: { access: WRITERS, audit: 'vehicle.unbind' },
    },
    async (req) => {
      auditTarget(req, req.body.deviceId);
      await binding.unbind(principalOf(req), req.body.deviceId);
      return ok(null);
    },
  );

  app.put(
    '/v1/vehicle/lease',
    {
      schema: { tags, summary: 'Lease a vehicle to another fleet until a time', body: LeaseBody, response: { 200: Done } },
      config: { access: WRITERS, audit: 'vehicle.lease' },
    },
    async (req) => {
      auditTarget(req, req.body.id);
      await vehicles.lease(principalOf(req), req.body);
      return ok(null);
    },
  );

  app.put(
    '/v1/vehicle/lease/end',
    {
      schema: { tags, summary: 'End a running lease', body: IdBody, response: { 200: Done } },
      config: { access: WRITERS, audit: 'vehicle.lease.end' },
    },
    async (req) => {
      auditTarget(req, req.body.id);
      await vehicles.endLease(principalOf(req), req.body.id);
      return ok(null);
    },
  );

  app.get(
    '/v1/vehicle/trail',
    {
      schema: {
        tags,
        summary: 'The route a vehicle drove in a time range (at most 7 days), with stops',
        querystring: TrailQuery,
        response: { 200: Envelope(Trail) },
      },
      config: { access: 'session' },
    },
    async (req) => {
      const id = await visibleVehicleId(db, principalOf(req), req.query.vehicleId);
      return ok(await readTrail(db, id, req.query.startTime, req.query.endTime));
    },
  );

  app.get(
    '/v1/vehicle/email/list',
    {
      schema: {
        tags,
        summary: 'Notification e-mails of a vehicle',
        querystring: Type.Object({ vehicleId: Type.Integer({ minimum: 1 }) }),
        response: { 200: Envelope(Type.Array(VehicleEmailRecord)) },
      },
      config: { access: 'session' },
    },
    async (req) => ok(await vehicleEmails(db, await visibleVehicleId(db, principalOf(req), req.query.vehicleId))),
  );

  app.post(
    '/v1/vehicle/email',
    {
      schema: {
        tags,
        summary: 'Add a notification e-mail (unverified until its code comes back)',
        body: EmailAddBody,
        response: { 200: Envelope(Created) },
      },
      config: { access: WRITERS, audit: 'vehicle.email.add' },
    },
    async (req) => {
      auditTarget(req, req.body.vehicleId);
      return ok(await emails.add(principalOf(req), req.body));
    },
  );

  app.post(
    '/v1/vehicle/email/code',
    {
      schema: { tags, summary: 'Send a 6-digit verification code to a notification e-mail', body: IdBody, response: { 200: Done } },
      config: { access: WRITERS, audit: 'vehicle.email.code' },
    },
    async (req) => {
      auditTarget(req, req.body.id);
      await emails.sendCode(principalOf(req), req.body.id);
      return ok(null);
    },
  );

  app.put(
    '/v1/vehicle/email/verify',
    {
      schema: { tags, summary: 'Verify a notification e-mail with the code sent to it', body: EmailVerifyBody, response: { 200: Done } },
      config: { access: WRITERS, audit: 'vehicle.email.verify' },
    },
    async (req) => {
      auditTarget(req, req.body.id);
      await emails.verify(principalOf(req), req.body);
      return ok(null);
    },
  );

  app.delete(
    '/v1/vehicle/email/:id',
    {
      schema: { tags, summary: 'Remove a notification e-mail', params: IdParams, response: { 200: Done } },
      config: { access: WRITERS, audit: 'vehicle.email.delete' },
    },
    async (req) => {
      auditTarget(req, req.params.id);
      await emails.remove(principalOf(req), req.params.id);
      return ok(null);
    },
  );

  app.get(
    '/v1/system/map',
    {
      schema: { tags, summary: 'Where map tiles come from (null: draw maps without tiles)', response: { 200: Envelope(MapConfig) } },
      config: { access: 'session' },
    },
    async () => ok(map),
  );
};
