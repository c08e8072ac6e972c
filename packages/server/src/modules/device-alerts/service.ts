import type { DeviceAlert, DeviceAlertCount, DeviceAlertHandleBody, DeviceAlertPage, DeviceAlertQuery } from '@safety-shield/contract';
import { and, count, desc, eq, ilike, inArray, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Bus } from '../../bus/bus.js';
import type { Db } from '../../db/client.js';
import { device, deviceAlert, vehicle } from '../../db/schema.js';
import { containing, epochMs, offsetOf } from '../../http/pagination.js';
import type { Principal } from '../../http/principal.js';
import { inScope, outOfScope } from '../../http/scope.js';
import { ViewCache } from '../../view-cache.js';

/** A pending alert: the fault holds and nobody handled it. What the badge and the dashboard count. */
export const pendingAlerts = sql`${deviceAlert.clearedAt} is null and ${deviceAlert.handledAt} is null`;

function stateFilter(state: DeviceAlertQuery['state']): SQL | undefined {
  switch (state) {
    case 'pending':
      return pendingAlerts;
    case 'handled':
      return and(isNull(deviceAlert.clearedAt), isNotNull(deviceAlert.handledAt));
    case 'cleared':
      return isNotNull(deviceAlert.clearedAt);
    case 'open':
      return isNull(deviceAlert.clearedAt);
    default:
      return undefined;
  }
}

const columns = {
  id: deviceAlert.id,
  deviceId: deviceAlert.deviceId,
  deviceUuid: device.deviceUuid,
  deviceName: device.name,
  vehicleId: device.vehicleId,
  licensePlate: vehicle.licensePlate,
  code: deviceAlert.code,
  channel: deviceAlert.channel,
  raisedAt: deviceAlert.raisedAt,
  clearedAt: deviceAlert.clearedAt,
  handledAt: deviceAlert.handledAt,
  handledBy: deviceAlert.handledByName,
  note: deviceAlert.note,
};

interface Row {
  id: number;
  deviceId: number;
  deviceUuid: string;
  deviceName: string | null;
  vehicleId: number | null;
  licensePlate: string | null;
  code: string;
  channel: number;
  raisedAt: Date;
  clearedAt: Date | null;
  handledAt: Date | null;
  handledBy: string | null;
  note: string | null;
}

const toAlert = (row: Row): DeviceAlert => ({
  id: row.id,
  deviceId: row.deviceId,
  deviceUuid: row.deviceUuid,
  deviceName: row.deviceName,
  vehicleId: row.vehicleId,
  licensePlate: row.licensePlate,
  code: row.code as DeviceAlert['code'],
  channel: row.channel === 0 ? null : row.channel,
  state: row.clearedAt ? 'cleared' : row.handledAt ? 'handled' : 'pending',
  raisedTime: row.raisedAt.getTime(),
  clearedTime: epochMs(row.clearedAt),
  handledTime: epochMs(row.handledAt),
  handledBy: row.handledBy,
  note: row.note,
});

/**
 * Devices' running-status alerts (SPEC: deviceRunningStatusErrCount, /devicepage/maintenance). Scope follows the
 * device: whoever maintains the device now sees its alerts.
 */
export class DeviceAlertService {
  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
  ) {}

  /** The badge's counts per view: every console polls them every 20 s; a change (the bus's `deviceAlert`) clears them. */
  readonly counts = new ViewCache<DeviceAlertCount>(1);

  /** The badge: pending alerts of devices in the caller's scope. */
  count(principal: Principal): Promise<DeviceAlertCount> {
    return this.counts.through(principal, 'pending', async () => {
      const [row] = await this.db
        .select({ n: count() })
        .from(deviceAlert)
        .innerJoin(device, eq(device.id, deviceAlert.deviceId))
        .where(and(inScope(principal, device), pendingAlerts));
      return { count: row?.n ?? 0 };
    });
  }

  async list(principal: Principal, query: DeviceAlertQuery): Promise<DeviceAlertPage> {
    const keyword = query.keyword?.trim();
    const where = and(
      inScope(principal, device),
      stateFilter(query.state),
      query.code ? eq(deviceAlert.code, query.code) : undefined,
      keyword
        ? or(
            ilike(device.deviceUuid, containing(keyword)),
            ilike(device.name, containing(keyword)),
            ilike(vehicle.licensePlate, containing(keyword)),
          )
        : undefined,
    );
    const from = () =>
      this.db
        .select(columns)
        .from(deviceAlert)
        .innerJoin(device, eq(device.id, deviceAlert.deviceId))
        .leftJoin(vehicle, eq(vehicle.id, device.vehicleId));
    const [rows, [total]] = await Promise.all([
      from().where(where).orderBy(desc(deviceAlert.raisedAt), desc(deviceAlert.id)).limit(query.limit).offset(offsetOf(query)),
      this.db
        .select({ n: count() })
        .from(deviceAlert)
        .innerJoin(device, eq(device.id, deviceAlert.deviceId))
        .leftJoin(vehicle, eq(vehicle.id, device.vehicleId))
        .where(where),
    ]);
    return { records: rows.map(toAlert), total: total?.n ?? 0 };
  }

  /**
   * Marks pending alerts handled, with the operator and an optional note; all or none: one id out of scope (or
   * unknown) refuses the whole call. Alerts already handled or cleared keep what they had.
   */
  async handle(principal: Principal, { ids, note }: DeviceAlertHandleBody): Promise<{ handled: number }> {
    const unique = [...new Set(ids)];
    const outcome = await this.db.transaction(async (tx) => {
      const found = await tx
        .select({
          id: deviceAlert.id,
          deviceId: deviceAlert.deviceId,
          clearedAt: deviceAlert.clearedAt,
          handledAt: deviceAlert.handledAt,
          agentId: device.belongAgentId,
          companyId: device.belongCompanyId,
          fleetId: device.belongFleetId,
        })
        .from(deviceAlert)
        .innerJoin(device, eq(device.id, deviceAlert.deviceId))
        .where(and(inArray(deviceAlert.id, unique), inScope(principal, device)))
        .for('update', { of: deviceAlert });
      if (found.length !== unique.length) throw outOfScope(principal, 'PARAM_CHECK_FAIL');
      const open = found.filter((row) => row.clearedAt === null && row.handledAt === null);
      if (open.length > 0) {
        await tx
          .update(deviceAlert)
          .set({
            handledAt: new Date(),
            handledById: principal.accountId,
            handledByName: principal.username,
            note: note?.trim() || null,
          })
          .where(
            inArray(
              deviceAlert.id,
              open.map((row) => row.id),
            ),
          );
      }
      return open;
    });
    const devices = new Map(outcome.map((row) => [row.deviceId, row]));
    for (const { deviceId, agentId, companyId, fleetId } of devices.values()) {
      this.bus.publish('deviceAlert', { change: 'handled', deviceId, agentId, companyId, fleetId });
    }
    return { handled: outcome.length };
  }
}
