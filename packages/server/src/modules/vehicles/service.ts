import type {
  LeaseBody,
  Page,
  Trail,
  TrailQuery,
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
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import { device, vehicle } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import type { Principal } from '../../http/principal.js';
import { outOfScope } from '../../http/scope.js';
import { refuseLocked } from '../devices/index.js';
import type { OrgService } from '../orgs/index.js';
import { type BindingService, recordUnbind } from './binding.js';
import { findVehicleDetail, findVisibleVehicleId, listVehicles, lockOwnedVehicle, vehicleEmails, vehicleOptions } from './repo.js';
import { leaseRunning, ownedVehicles } from './scope.js';
import { readTrail } from './trail.js';

/** SPEC section 5: a lease ends in the future; a lease longer than this is a typing mistake. */
const MAX_LEASE_MS = 5 * 365 * 24 * 3_600_000;

/** Plates are compared and stored without surrounding spaces and in capitals, as on the plate itself. */
export const normalisePlate = (plate: string) => plate.trim().replace(/\s+/g, ' ').toUpperCase();

/** Creating, editing, deleting and leasing vehicles (issue 5); only owners write, lessees only use. */
export class VehicleService {
  constructor(
    private readonly db: Db,
    private readonly orgs: OrgService,
    private readonly binding: BindingService,
  ) {}

  /** A page of the vehicles the caller sees: its own and those leased to it. */
  list(principal: Principal, query: VehicleListQuery): Promise<Page<VehicleRecord>> {
    return listVehicles(this.db, principal, query);
  }

  /** One vehicle the caller sees, by id or plate (one of the two is required). */
  async info(principal: Principal, { id, licensePlate }: VehicleInfoQuery): Promise<VehicleDetail> {
    if (id === undefined && licensePlate === undefined) throw new AppError('PARAM_CHECK_FAIL', 'id', { field: 'id' });
    const by = id !== undefined ? { id } : { licensePlate: normalisePlate(licensePlate ?? '') };
    const detail = await findVehicleDetail(this.db, principal, by);
    if (!detail) throw outOfScope(principal, 'VEHICLE_NOT_EXIST');
    return detail;
  }

  /** Plates for a picker: the caller's own vehicles. */
  options(principal: Principal, query: VehicleOptionsQuery): Promise<VehicleOption[]> {
    return vehicleOptions(this.db, ownedVehicles(principal), query);
  }

  /** The trail of a vehicle the caller sees. */
  async trail(principal: Principal, { vehicleId, startTime, endTime }: TrailQuery): Promise<Trail> {
    return readTrail(this.db, await this.visibleId(principal, vehicleId), startTime, endTime);
  }

  /** The notification e-mails of a vehicle the caller sees. */
  async emails(principal: Principal, vehicleId: number): Promise<VehicleEmailRecord[]> {
    return vehicleEmails(this.db, await this.visibleId(principal, vehicleId));
  }

  /** The id of a vehicle the caller sees, or PERMISSION_CHECK_FAIL / VEHICLE_NOT_EXIST. */
  private async visibleId(principal: Principal, id: number): Promise<number> {
    const found = await findVisibleVehicleId(this.db, principal, id);
    if (found === undefined) throw outOfScope(principal, 'VEHICLE_NOT_EXIST');
    return found;
  }

  async create(principal: Principal, body: VehicleCreateBody): Promise<{ id: number }> {
    const fleet = await this.orgs.visible(this.db, principal, 'fleet', body.fleetId);
    const { fleetId: _, ...fields } = body;
    return this.guardPlate(async () => {
      const [row] = await this.db
        .insert(vehicle)
        .values({
          ...fields,
          licensePlate: normalisePlate(body.licensePlate),
          belongAgentId: fleet.belongAgentId,
          belongCompanyId: fleet.belongCompanyId,
          belongFleetId: fleet.id,
        })
        .returning({ id: vehicle.id });
      if (!row) throw new AppError('ACTION_FAIL_RETRY');
      return row;
    });
  }

  /** Moving a vehicle to another fleet moves its bound devices along (their scope follows the vehicle). */
  async update(principal: Principal, body: VehicleUpdateBody): Promise<void> {
    const { id, fleetId, ...fields } = body;
    await this.guardPlate(() =>
      this.db.transaction(async (tx) => {
        // Devices before the vehicle: the order the gateway's writes lock in.
        const bound = await tx.select({ id: device.id }).from(device).where(eq(device.vehicleId, id)).orderBy(device.id).for('update');
        const current = await lockOwnedVehicle(tx, principal, id);
        const fleet = current.belongFleetId === fleetId ? null : await this.orgs.visible(tx, principal, 'fleet', fleetId);
        const chain = fleet ? { belongAgentId: fleet.belongAgentId, belongCompanyId: fleet.belongCompanyId, belongFleetId: fleet.id } : {};
        if (fleet && fleet.belongCompanyId !== current.belongCompanyId) {
          // Devices count against their company's quota: they stay in it, so the vehicle does too.
          throw new AppError('PARAM_CHECK_FAIL', 'fleetId', { field: 'fleetId' });
        }
        await tx
          .update(vehicle)
          .set({ ...fields, ...chain, licensePlate: normalisePlate(body.licensePlate) })
          .where(eq(vehicle.id, id));
        if (fleet) {
          // Issue 18: locked devices are not moved to another fleet.
          await refuseLocked(
            tx,
            bound.map((row) => row.id),
          );
          await tx.update(device).set({ belongFleetId: fleet.id }).where(eq(device.vehicleId, id));
        }
      }),
    );
  }

  /** Deleting a vehicle unbinds its devices first, each recorded in the bind log, all in one transaction. */
  async remove(principal: Principal, id: number): Promise<void> {
    const released = await this.db.transaction(async (tx) => {
      // Devices before the vehicle: the order the gateway's writes lock in.
      const bound = await tx.select().from(device).where(eq(device.vehicleId, id)).orderBy(device.id).for('update');
      const current = await lockOwnedVehicle(tx, principal, id);
      // Issue 18: deleting the vehicle would unbind them.
      await refuseLocked(
        tx,
        bound.map((row) => row.id),
      );
      for (const row of bound) await recordUnbind(tx, principal, row, current, false);
      await tx
        .update(device)
        .set({ vehicleId: null, boundAt: null, belongFleetId: null, updatedAt: new Date() })
        .where(eq(device.vehicleId, id));
      await tx.delete(vehicle).where(eq(vehicle.id, id));
      return bound.map((row) => row.id);
    });
    for (const deviceId of released) this.binding.changed(deviceId);
  }

  async lease(principal: Principal, { id, fleetId, expireTime }: LeaseBody): Promise<void> {
    const now = Date.now();
    if (expireTime <= now || expireTime > now + MAX_LEASE_MS) throw new AppError('VEHICLE_RENT_END_TIME_ERROR');
    await this.db.transaction(async (tx) => {
      const current = await lockOwnedVehicle(tx, principal, id);
      if (current.belongFleetId === fleetId) throw new AppError('VEHICLE_RENT_SAME_FLEET');
      const [running] = await tx.select({ yes: leaseRunning() }).from(vehicle).where(eq(vehicle.id, id));
      if (running?.yes) throw new AppError('VEHICLE_STATE_ERROR');
      const fleet = await this.orgs.visible(tx, principal, 'fleet', fleetId);
      await tx
        .update(vehicle)
        .set({
          leaseAgentId: fleet.belongAgentId,
          leaseCompanyId: fleet.belongCompanyId,
          leaseFleetId: fleet.id,
          leaseExpireAt: new Date(expireTime),
        })
        .where(eq(vehicle.id, id));
    });
  }

  async endLease(principal: Principal, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await lockOwnedVehicle(tx, principal, id);
      const ended = await tx
        .update(vehicle)
        .set({ leaseAgentId: null, leaseCompanyId: null, leaseFleetId: null, leaseExpireAt: null })
        .where(and(eq(vehicle.id, id), leaseRunning()))
        .returning({ id: vehicle.id });
      if (ended.length === 0) throw new AppError('VEHICLE_STATE_ERROR');
    });
  }

  /** Clears leases past their end (the scope rule already ignores them; this keeps the rows tidy). */
  async endExpiredLeases(): Promise<number> {
    const ended = await this.db
      .update(vehicle)
      .set({ leaseAgentId: null, leaseCompanyId: null, leaseFleetId: null, leaseExpireAt: null })
      .where(sql`${vehicle.leaseExpireAt} <= now()`)
      .returning({ id: vehicle.id });
    return ended.length;
  }

  private async guardPlate<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('VEHICLE_LICENSE_PLATE_EXIST', undefined, { field: 'licensePlate' });
      throw error;
    }
  }
}
