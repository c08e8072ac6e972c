import { type Static, Type } from 'typebox';
import {
  DeviceRef,
  EpochMs,
  ExportQueryOf,
  Id,
  Nullable,
  OrgChain,
  OrgFilter,
  PageQuery,
  TextFilter,
  TimeFilter,
  TimeRange,
  VehicleRef,
} from './common.js';
import { DeviceOpenFault, deviceFaultCodes, deviceFaultFilters } from './device-alert.js';
import { Position } from './vehicle.js';

/** The protocols a device may speak (docs/device-protocol.md for MQTT, docs/jt808.md for JT/T 808). */
export const deviceProtocols = ['mqtt', 'jt808'] as const;
export type DeviceProtocol = (typeof deviceProtocols)[number];

export const DeviceRecord = Type.Object({
  ...DeviceRef,
  /** What it speaks; shown on the record and filterable, and nothing else in the portal depends on it. */
  protocol: Type.Enum(deviceProtocols),
  name: Nullable(Type.String()),
  channels: Type.Integer(),
  online: Type.Boolean(),
  firstOnlineTime: Nullable(EpochMs),
  lastOnlineTime: Nullable(EpochMs),
  lastOfflineTime: Nullable(EpochMs),
  /** Seconds connected in all, the running connection included. */
  connectedSeconds: Type.Integer(),
  iccid: Nullable(Type.String()),
  version: Nullable(Type.String()),
  ...VehicleRef,
  ...OrgChain,
  position: Nullable(Position),
  /**
   * What still fails on the device (its open running-status alerts, oldest first; `handled`: an operator took it on),
   * so a list row that says online also says what does not work (issue 29).
   */
  openFaults: Type.Array(DeviceOpenFault),
  updateTime: EpochMs,
  createTime: EpochMs,
});
export type DeviceRecord = Static<typeof DeviceRecord>;

export const DeviceListQuery = Type.Object({
  ...PageQuery,
  /** Part of the uuid or the name, any case. */
  keyword: TextFilter,
  online: Type.Optional(Type.Boolean()),
  /** false: the unmatched devices (`/devicepage/unMatched`), not bound to a vehicle. */
  matched: Type.Optional(Type.Boolean()),
  ...OrgFilter,
  version: TextFilter,
  licensePlate: Type.Optional(Type.String({ maxLength: 20 })),
  /** Created (first connected) at or after / before. */
  ...TimeFilter,
  /**
   * Devices with a fault that still holds (`open`), with one nobody handled (`pending`), or with none open (`none`);
   * with `faultCode`, a fault of that kind (alone, `faultCode` means `open`).
   */
  faults: Type.Optional(Type.Enum(deviceFaultFilters)),
  faultCode: Type.Optional(Type.Enum(deviceFaultCodes)),
  protocol: Type.Optional(Type.Enum(deviceProtocols)),
});
export type DeviceListQuery = Static<typeof DeviceListQuery>;

export const DeviceExportQuery = ExportQueryOf(DeviceListQuery);
export type DeviceExportQuery = Static<typeof DeviceExportQuery>;

/**
 * `/v1/device/deviceOnlineExport`: the list's filters, and a span of at most ONLINE_SUMMARY_MAX_DAYS whose online
 * time per day (the caller's days, as `/device/lineSummary` shows them) the sheet adds as one column per day.
 */
export const DeviceOnlineExportQuery = Type.Object({
  ...DeviceExportQuery.properties,
  onlineFrom: Type.Optional(EpochMs),
  onlineTo: Type.Optional(EpochMs),
});
export type DeviceOnlineExportQuery = Static<typeof DeviceOnlineExportQuery>;

export const DeviceInfoQuery = Type.Object({ deviceId: Id });
export const DeviceUuidQuery = Type.Object({ deviceUuid: Type.String({ minLength: 1, maxLength: 64 }) });

export const DeviceUpdateBody = Type.Object({
  deviceId: Id,
  name: Nullable(Type.String({ maxLength: 64 })),
  channels: Type.Integer({ minimum: 1, maximum: 16 }),
});
export type DeviceUpdateBody = Static<typeof DeviceUpdateBody>;

export const IccidBody = Type.Object({ deviceId: Id, iccid: Type.String({ pattern: '^[0-9]{19,20}$' }) });
export type IccidBody = Static<typeof IccidBody>;

export const DeviceVersionCount = Type.Object({ version: Type.String(), count: Type.Integer() });
export type DeviceVersionCount = Static<typeof DeviceVersionCount>;

export const DbmQuery = Type.Object({ deviceId: Id, ...TimeRange });
export type DbmQuery = Static<typeof DbmQuery>;
export const DbmSample = Type.Object({ time: EpochMs, dbm: Type.Integer() });
export type DbmSample = Static<typeof DbmSample>;

export const BindLogQuery = Type.Object({
  ...PageQuery,
  deviceId: Type.Optional(Id),
  vehicleId: Type.Optional(Id),
  keyword: TextFilter,
});
export type BindLogQuery = Static<typeof BindLogQuery>;
export const BindLogRecord = Type.Object({
  id: Type.Integer(),
  ...DeviceRef,
  vehicleId: Type.Integer(),
  licensePlate: Type.String(),
  action: Type.Enum(['bind', 'unbind']),
  forced: Type.Boolean(),
  username: Type.String(),
  time: EpochMs,
});
export type BindLogRecord = Static<typeof BindLogRecord>;

/** A company's provisioning key: whether one exists, and when it was made (the key itself is shown once). */
export const ProvisioningQuery = Type.Object({ companyId: Type.Optional(Id) });
export const ProvisioningBody = Type.Object({ companyId: Type.Optional(Id) });
export const ProvisioningState = Type.Object({ companyId: Type.Integer(), exists: Type.Boolean() });
export type ProvisioningState = Static<typeof ProvisioningState>;
export const ProvisioningKey = Type.Object({ companyId: Type.Integer(), key: Type.String() });
export type ProvisioningKey = Static<typeof ProvisioningKey>;

/** The longest span `GET /v1/device/online/summary` counts (its days are columns of a table). */
export const ONLINE_SUMMARY_MAX_DAYS = 31;

export const OnlineSummaryQuery = Type.Object({
  ...PageQuery,
  ...TimeRange,
  /** Part of the uuid or the name, any case. */
  keyword: TextFilter,
  ...OrgFilter,
});
export type OnlineSummaryQuery = Static<typeof OnlineSummaryQuery>;

/** One device's online time in each day of the span (the caller's days: its account's time zone, else its browser's). */
export const OnlineSummaryRecord = Type.Object({
  ...DeviceRef,
  ...VehicleRef,
  days: Type.Array(Type.Object({ day: Type.String({ description: 'YYYY-MM-DD' }), seconds: Type.Integer() })),
  totalSeconds: Type.Integer(),
});
export type OnlineSummaryRecord = Static<typeof OnlineSummaryRecord>;
