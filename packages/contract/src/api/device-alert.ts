import { type Static, Type } from 'typebox';
import { DeviceRef, EpochMs, Id, Nullable, PageOf, PageQuery, TextFilter, VehicleRef } from './common.js';

/**
 * A device's running-status faults (docs/device-protocol.md, `health`). `cameraLost` names a channel; the others are
 * of the whole device. A code this release does not know is skipped, so newer firmware may report more.
 */
export const deviceFaultCodes = [
  'storageMissing',
  'storageError',
  'storageFull',
  'cameraLost',
  'gpsLost',
  'overheat',
  'lowVoltage',
] as const;
export type DeviceFaultCode = (typeof deviceFaultCodes)[number];

/** At most this many faults in one `health` report. */
export const DEVICE_FAULTS_MAX = 32;

/** pending: the fault holds and nobody handled it (it counts on the badge); handled: an operator took it on; cleared: the device reports it gone. */
export const deviceAlertStates = ['pending', 'handled', 'cleared'] as const;
export type DeviceAlertState = (typeof deviceAlertStates)[number];

/** One running-status alert: a fault a device reported, from when it was raised until the device reports it gone. */
export const DeviceAlert = Type.Object({
  id: Type.Integer(),
  ...DeviceRef,
  deviceName: Nullable(Type.String()),
  ...VehicleRef,
  code: Type.Enum(deviceFaultCodes),
  channel: Nullable(Type.Integer()),
  state: Type.Enum(deviceAlertStates),
  /** The device's clock when it first reported the fault, and when it reported it gone. */
  raisedTime: EpochMs,
  clearedTime: Nullable(EpochMs),
  handledTime: Nullable(EpochMs),
  handledBy: Nullable(Type.String()),
  note: Nullable(Type.String()),
});
export type DeviceAlert = Static<typeof DeviceAlert>;

/** `GET /v2/device/running/event/list`: newest first; state `open` is pending and handled (the fault still holds). */
export const DeviceAlertQuery = Type.Object({
  ...PageQuery,
  state: Type.Optional(Type.Enum([...deviceAlertStates, 'open'])),
  code: Type.Optional(Type.Enum(deviceFaultCodes)),
  /** Part of the device's uuid or name, or of the vehicle's plate. */
  keyword: TextFilter,
  /** One device's alerts (its history); a device out of the caller's scope is refused. */
  deviceId: Type.Optional(Id),
});
export type DeviceAlertQuery = Static<typeof DeviceAlertQuery>;

export const DeviceAlertPage = PageOf(DeviceAlert);
export type DeviceAlertPage = Static<typeof DeviceAlertPage>;

/** At most this many alerts handled in one call. */
export const DEVICE_ALERT_HANDLE_MAX = 500;
export const DEVICE_ALERT_NOTE_MAX = 200;

/** `PUT /v2/device/running/event/handle`: all or none; alerts already handled or cleared stay as they are. */
export const DeviceAlertHandleBody = Type.Object({
  ids: Type.Array(Id, { minItems: 1, maxItems: DEVICE_ALERT_HANDLE_MAX }),
  note: Type.Optional(Type.String({ maxLength: DEVICE_ALERT_NOTE_MAX })),
});
export type DeviceAlertHandleBody = Static<typeof DeviceAlertHandleBody>;

/** `GET /v2/device/running/event/check`: the pending count (SPEC: deviceRunningStatusErrCount, the menu's red badge). */
export const DeviceAlertCount = Type.Object({ count: Type.Integer() });
export type DeviceAlertCount = Static<typeof DeviceAlertCount>;

/** The answer of a handle: how many alerts it marked handled. */
export const DeviceAlertHandled = Type.Object({ handled: Type.Integer() });
export type DeviceAlertHandled = Static<typeof DeviceAlertHandled>;

/** The monitor's fault filter: devices with a fault that still holds, with one nobody handled, or with none. */
export const deviceFaultFilters = ['open', 'pending', 'none'] as const;
export type DeviceFaultFilter = (typeof deviceFaultFilters)[number];

/** `GET /v2/device/running/status/list`: devices with pending faults first, then those still failing, then by uuid. */
export const DeviceStatusQuery = Type.Object({
  ...PageQuery,
  online: Type.Optional(Type.Boolean()),
  faults: Type.Optional(Type.Enum(deviceFaultFilters)),
  /** Part of the device's uuid or name, or of the vehicle's plate. */
  keyword: TextFilter,
  /** One device's status (its detail page); a device out of scope is simply not listed. */
  deviceId: Type.Optional(Id),
});
export type DeviceStatusQuery = Static<typeof DeviceStatusQuery>;

/** A fault a device still reports (an open alert), oldest first. */
export const DeviceOpenFault = Type.Object({
  code: Type.Enum(deviceFaultCodes),
  channel: Nullable(Type.Integer()),
  raisedTime: EpochMs,
  /** An operator took it on; it counts as pending until then. */
  handled: Type.Boolean(),
});
export type DeviceOpenFault = Static<typeof DeviceOpenFault>;

/** One device's running status: whether it is online, what still fails on it and when it last reported its health. */
export const DeviceRunningStatus = Type.Object({
  ...DeviceRef,
  name: Nullable(Type.String()),
  ...VehicleRef,
  online: Type.Boolean(),
  lastOnlineTime: Nullable(EpochMs),
  /** The device's clock of its newest `health` report; null: it never sent one. */
  healthTime: Nullable(EpochMs),
  openFaults: Type.Array(DeviceOpenFault),
  /** How many of the open faults nobody handled. */
  pending: Type.Integer(),
});
export type DeviceRunningStatus = Static<typeof DeviceRunningStatus>;

export const DeviceStatusPage = PageOf(DeviceRunningStatus);
export type DeviceStatusPage = Static<typeof DeviceStatusPage>;
