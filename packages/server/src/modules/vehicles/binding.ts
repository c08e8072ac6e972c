import { type BindBody, MAX_DEVICES_PER_VEHICLE } from '@safety-shield/contract';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { device, deviceBindLog, org, vehicle } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import type { Principal } from '../../http/principal.js';
import { outOfScope } from '../../http/scope.js';
import { type DeviceRow, lockDevice, refuseLocked } from '../devices/index.js';
import { devicePlacesLeft } from '../orgs/index.js';
import { lockOwnedVehicle, type VehicleRow } from './repo.js';
import { ownedVehicles } from './scope.js';

/** One line of the bind log, with the chain of the vehicle so its owners can read it. */
function logLine(principal: Principal, row: DeviceRow, car: VehicleRow, action: 'bind' | 'unbind', forced: boolean) {
  return {
    deviceId: row.id,
    deviceUuid: row.deviceUuid,
    vehicleId: car.id,
    licensePlate: car.licensePlate,
    action,
    forced,
    accountId: principal.accountId,
    username: principal.username,
    belongAgentId: car.belongAgentId,
    belongCompanyId: car.belongCompanyId,
    belongFleetId: car.belongFleetId,
  };
}

/** A device joining the vehicle's company takes a place of its company's and agent's device quotas. */
async function takeQuota(tx: Db, car: VehicleRow): Promise<void> {
  const places = await devicePlacesLeft(tx, { agentId: car.belongAgentId, companyId: car.belongCompanyId });
  if (places < 1) throw new AppError('ORG_QUOTA_NOT_ENOUGH');
}

export async function recordUnbind(tx: Db, principal: Principal, row: DeviceRow, car: VehicleRow, forced: boolean) {
  await tx.insert(deviceBindLog).values(logLine(principal, row, car, 'unbind', forced));
}

/**
 * Binding devices to vehicles (SPEC section 4): a device is bound to one vehicle at most; a vehicle carries at most
 * MAX_DEVICES_PER_VEHICLE. A bound device takes its vehicle's fleet into its scope, so the fleet's admins see it.
 */
export class BindingService {
  /** `onChange` tells the device port that a device's vehicle changed (`DeviceCommands.forget`). */
  constructor(
    private readonly db: Db,
    private readonly onChange: (deviceId: number) => void = () => {},
  ) {}

  changed(deviceId: number) {
    this.onChange(deviceId);
  }

  async bind(principal: Principal, { vehicleId, deviceId, force }: BindBody): Promise<void> {
    await this.db.transaction(async (tx) => {
      // Devices before vehicles, vehicles by id: the gateway's writes lock in the same order, so neither waits on the other in a circle.
      const row = await lockDevice(tx, principal, deviceId);
      const ids = [...new Set([vehicleId, row.vehicleId].filter((id): id is number => id !== null))].sort((a, b) => a - b);
      const locked = await tx.select().from(vehicle).where(inArray(vehicle.id, ids)).orderBy(vehicle.id).for('update');
      const [owned] = await tx
        .select({ id: vehicle.id })
        .from(vehicle)
        .where(and(ownedVehicles(principal), eq(vehicle.id, vehicleId)));
      const car = owned && locked.find((v) => v.id === vehicleId);
      if (!car) throw outOfScope(principal, 'VEHICLE_NOT_EXIST');
      if (row.vehicleId === car.id) return;
      // Issue 18: a locked device is not moved to another vehicle (its first binding is its installation).
      if (row.vehicleId !== null) await refuseLocked(tx, [row.id]);
      // Devices count against their company's quota, so they are bound only within it. A device of no company yet (a
      // JT/T 808 terminal that registered itself; only the Super Admin sees it) joins the vehicle's, within its quotas.
      const joins = row.belongCompanyId === null;
      if (joins) await takeQuota(tx, car);
      else if (row.belongCompanyId !== car.belongCompanyId) throw new AppError('DEVICE_STATE_ERROR');
      if (row.vehicleId !== null) {
        const previous = locked.find((v) => v.id === row.vehicleId);
        if (!force) throw new AppError('DEVICE_HAD_BEEN_BIND', undefined, { licensePlate: previous?.licensePlate ?? null });
        if (previous) await recordUnbind(tx, principal, row, previous, true);
      }
      const [bound] = await tx.select({ n: count() }).from(device).where(eq(device.vehicleId, car.id));
      if ((bound?.n ?? 0) >= MAX_DEVICES_PER_VEHICLE) throw new AppError('VEHICLE_DEVICE_MORE_ERROR');
      await tx
        .update(device)
        .set({
          vehicleId: car.id,
          boundAt: new Date(),
          belongFleetId: car.belongFleetId,
          ...(joins ? { belongAgentId: car.belongAgentId, belongCompanyId: car.belongCompanyId } : {}),
          updatedAt: new Date(),
        })
        .where(eq(device.id, row.id));
      await tx.insert(deviceBindLog).values(logLine(principal, row, car, 'bind', false));
    });
    this.changed(deviceId);
  }

  async unbind(principal: Principal, deviceId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await lockDevice(tx, principal, deviceId);
      if (row.vehicleId === null) throw new AppError('DEVICE_STATE_ERROR');
      await refuseLocked(tx, [row.id]);
      const car = await lockOwnedVehicle(tx, principal, row.vehicleId);
      await recordUnbind(tx, principal, row, car, false);
      await tx
        .update(device)
        .set({ vehicleId: null, boundAt: null, belongFleetId: null, updatedAt: new Date() })
        .where(eq(device.id, row.id));
    });
    this.changed(deviceId);
  }
}
