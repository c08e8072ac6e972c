import type {
  DeviceAlertCount,
  DeviceAlertHandleBody,
  DeviceAlertPage,
  DeviceAlertQuery,
  DeviceStatusPage,
  DeviceStatusQuery,
} from '@safety-shield/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../../bus/bus.js';
import type { Db } from '../../db/client.js';
import { device } from '../../db/schema.js';
import { afterCommit, type HealthReport } from '../../device-port/index.js';
import type { Principal } from '../../http/principal.js';
import { inScope, outOfScope } from '../../http/scope.js';
import { ViewCache } from '../../view-cache.js';
import { fileHealth } from './file.js';
import { countPending, deviceInScope, listAlerts, lockAlerts, markHandled } from './repo.js';
import { listDeviceStatus } from './status.js';

/**
 * Devices' running-status alerts (SPEC: deviceRunningStatusErrCount, /devicepage/maintenance), raised and cleared by
 * the health reports of the devices (the device intake's `health`). Scope follows the device: whoever maintains the
 * device now sees its alerts.
 */
export class DeviceAlertService {
  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** A device's whole set of current faults: the alerts follow it, and the consoles of its chain hear of a change. */
  async health(uuid: string, report: HealthReport): Promise<void> {
    if (report.unknown.length > 0) this.log.info({ device: uuid, codes: report.unknown }, 'unknown fault codes skipped');
    const outcome = await fileHealth(this.db, uuid, report);
    if (!outcome.stored) {
      if (outcome.reason !== 'stale') this.log.info({ device: uuid, reason: outcome.reason }, 'health not stored');
      return;
    }
    const { deviceId, raised, cleared, chain } = outcome;
    if (raised === 0 && cleared === 0) return;
    afterCommit(this.log, 'device alert push', () =>
      this.bus.publish('deviceAlert', { change: raised > 0 ? 'raised' : 'cleared', deviceId, ...chain }),
    );
  }

  /** The badge's counts per view: every console polls them every 20 s; a change (the bus's `deviceAlert`) clears them. */
  readonly counts = new ViewCache<DeviceAlertCount>(1);

  /** The badge: pending alerts of devices in the caller's scope. */
  count(principal: Principal): Promise<DeviceAlertCount> {
    return this.counts.through(principal, 'pending', async () => ({ count: await countPending(this.db, inScope(principal, device)) }));
  }

  /** One device's alerts (`deviceId`) name a device the caller sees: another organisation's is refused, not shown empty. */
  async list(principal: Principal, query: DeviceAlertQuery): Promise<DeviceAlertPage> {
    const scope = inScope(principal, device);
    if (query.deviceId !== undefined && !(await deviceInScope(this.db, scope, query.deviceId))) {
      throw outOfScope(principal, 'DEVICE_NOT_EXIST');
    }
    return listAlerts(this.db, scope, query);
  }

  /** The monitor (`/device/monitor`): every device of the caller's scope with its open faults. */
  statusList(principal: Principal, query: DeviceStatusQuery): Promise<DeviceStatusPage> {
    return listDeviceStatus(this.db, inScope(principal, device), query);
  }

  /**
   * Marks pending alerts handled, with the operator and an optional note; all or none: one id out of scope (or
   * unknown) refuses the whole call. Alerts already handled or cleared keep what they had.
   */
  async handle(principal: Principal, { ids, note }: DeviceAlertHandleBody): Promise<{ handled: number }> {
    const unique = [...new Set(ids)];
    const outcome = await this.db.transaction(async (tx) => {
      const found = await lockAlerts(tx, inScope(principal, device), unique);
      if (found.length !== unique.length) throw outOfScope(principal, 'PARAM_CHECK_FAIL');
      const open = found.filter((row) => row.clearedAt === null && row.handledAt === null);
      if (open.length > 0) {
        await markHandled(
          tx,
          open.map((row) => row.id),
          principal,
          note?.trim() || null,
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
