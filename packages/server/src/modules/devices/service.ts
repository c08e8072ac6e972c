import { randomBytes } from 'node:crypto';
import {
  type BindLogQuery,
  type BindLogRecord,
  type DbmQuery,
  type DbmSample,
  type DeviceListQuery,
  type DeviceRecord,
  type DeviceUpdateBody,
  type DeviceVersionCount,
  type IccidBody,
  type OnlineSummaryQuery,
  type OnlineSummaryRecord,
  type Page,
  TRAIL_MAX_RANGE_MS,
} from '@safety-shield/contract';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { device, deviceBindLog, org } from '../../db/schema.js';
import { AppError } from '../../http/errors.js';
import type { Principal } from '../../http/principal.js';
import { inScope, outOfScope, seesEverything } from '../../http/scope.js';
import { hashToken } from '../../http/tokens.js';
import type { OrgService } from '../orgs/index.js';
import { refuseLocked } from './locked.js';
import { type OnlineSpan, onlineDays, onlineSpan, onlineSummary } from './online-summary.js';
import { dbmSamples, deviceBatches, deviceVersions, findDevice, listBindLog, listDevices, lockDevice } from './repo.js';
import type { OnlineRow } from './sheets.js';

type DeviceFilters = Omit<DeviceListQuery, 'page' | 'limit'>;

/** Reading, editing and deleting devices, and the companies' provisioning keys (docs/device-protocol.md). */
export class DeviceService {
  constructor(
    private readonly db: Db,
    private readonly orgs: OrgService,
    /** Tells the device port a device was deleted: its connection, if any, is closed. */
    private readonly onRemoved: (deviceId: number) => void = () => {},
  ) {}

  /** A page of the devices in the caller's scope. */
  list(principal: Principal, query: DeviceListQuery): Promise<Page<DeviceRecord>> {
    return listDevices(this.db, inScope(principal, device), query);
  }

  /** A device of the caller's scope, by id or UUID, or PERMISSION_CHECK_FAIL / DEVICE_NOT_EXIST. */
  async info(principal: Principal, by: { id: number } | { deviceUuid: string }): Promise<DeviceRecord> {
    const found = await findDevice(this.db, inScope(principal, device), by);
    if (!found) throw outOfScope(principal, 'DEVICE_NOT_EXIST');
    return found;
  }

  /** Every device of the filters in the caller's scope, a thousand at a time, for the exports. */
  exportBatches(principal: Principal, filters: DeviceFilters) {
    return deviceBatches(this.db, inScope(principal, device), filters);
  }

  /** The span of an online export: none, or both ends (each checked as the summary checks its span). */
  async onlineExportSpan(principal: Principal, from: number | undefined, to: number | undefined, browserZone: string | undefined) {
    if (from === undefined && to === undefined) return undefined;
    if (from === undefined || to === undefined) {
      const field = from === undefined ? 'onlineFrom' : 'onlineTo';
      throw new AppError('PARAM_CHECK_FAIL', field, { field });
    }
    return onlineSpan(this.db, principal, { startTime: from, endTime: to }, browserZone, 'onlineTo');
  }

  /** The device list's batches, each device with its online seconds per day of the span. */
  async *onlineExportBatches(principal: Principal, filters: DeviceFilters, span: OnlineSpan | undefined): AsyncGenerator<OnlineRow[]> {
    for await (const batch of this.exportBatches(principal, filters)) {
      const byDevice = span
        ? await onlineDays(
            this.db,
            batch.map((d) => d.deviceId),
            span,
          )
        : undefined;
      yield batch.map((record) => ({ device: record, days: byDevice?.get(record.deviceId) ?? [] }));
    }
  }

  versions(principal: Principal): Promise<DeviceVersionCount[]> {
    return deviceVersions(this.db, inScope(principal, device));
  }

  /** A device's network strength over a range of at most TRAIL_MAX_RANGE_MS. */
  async dbm(principal: Principal, { deviceId, startTime, endTime }: DbmQuery): Promise<DbmSample[]> {
    if (endTime <= startTime || endTime - startTime > TRAIL_MAX_RANGE_MS)
      throw new AppError('PARAM_CHECK_FAIL', 'endTime', { field: 'endTime' });
    await this.info(principal, { id: deviceId });
    return dbmSamples(this.db, deviceId, startTime, endTime);
  }

  /** Online time per device and day over a span of at most 31 days, in the caller's days. */
  onlineSummary(principal: Principal, query: OnlineSummaryQuery, browserZone: string | undefined): Promise<Page<OnlineSummaryRecord>> {
    return onlineSummary(this.db, principal, query, browserZone);
  }

  /** A page of the bind log in the caller's scope. */
  bindLog(principal: Principal, query: BindLogQuery): Promise<Page<BindLogRecord>> {
    return listBindLog(this.db, inScope(principal, deviceBindLog), query);
  }

  async update(principal: Principal, { deviceId, name, channels }: DeviceUpdateBody): Promise<void> {
    await this.db.transaction(async (tx) => {
      await lockDevice(tx, principal, deviceId);
      await tx
        .update(device)
        .set({ name: name?.trim() || null, channels, updatedAt: new Date() })
        .where(eq(device.id, deviceId));
    });
  }

  async setIccid(principal: Principal, { deviceId, iccid }: IccidBody): Promise<void> {
    await this.db.transaction(async (tx) => {
      await lockDevice(tx, principal, deviceId);
      await tx.update(device).set({ iccid, updatedAt: new Date() }).where(eq(device.id, deviceId));
    });
  }

  /**
   * SPEC section 8: a bound device is unbound first (DEVICE_DELETE_ASSOCIATE_FAIL). The trail it recorded stays with
   * the vehicles it served. Without its row the device's secret opens nothing; it may come back only by provisioning.
   */
  async remove(principal: Principal, deviceId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await lockDevice(tx, principal, deviceId);
      await refuseLocked(tx, [row.id]);
      if (row.vehicleId !== null) throw new AppError('DEVICE_DELETE_ASSOCIATE_FAIL');
      await tx.delete(device).where(eq(device.id, deviceId));
    });
    this.onRemoved(deviceId);
  }

  /** The company whose provisioning key the caller manages: a Company Admin's own, else the one named. */
  private async company(principal: Principal, companyId: number | undefined) {
    const id = companyId ?? (principal.role === 'COMPANY_ADMIN' ? principal.companyId : null);
    if (id === null || id === undefined) throw new AppError('PARAM_CHECK_FAIL', 'companyId', { field: 'companyId' });
    return this.orgs.visible(this.db, principal, 'company', id);
  }

  async provisioningState(principal: Principal, companyId: number | undefined) {
    const company = await this.company(principal, companyId);
    return { companyId: company.id, exists: company.provisioningKeyHash !== null };
  }

  /** A new key, shown once; the previous one stops opening the portal to new devices at once. */
  async newProvisioningKey(principal: Principal, companyId: number | undefined) {
    if (!seesEverything(principal) && !['AGENT_ADMIN', 'COMPANY_ADMIN'].includes(principal.role))
      throw new AppError('PERMISSION_CHECK_FAIL');
    const company = await this.company(principal, companyId);
    const key = `pk_${randomBytes(24).toString('base64url')}`;
    await this.db
      .update(org)
      .set({ provisioningKeyHash: hashToken(key) })
      .where(eq(org.id, company.id));
    return { companyId: company.id, key };
  }
}
