import { type Static, Type } from 'typebox';
import { DeviceRef, EpochMs, Nullable, NullableLatLng, PageOf, PageQuery, VehicleRef } from './common.js';

/** active: the device still signals it; stopped: the device let go (still open); closed: an operator closed it. */
export const sosStates = ['active', 'stopped', 'closed'] as const;
export type SosState = (typeof sosStates)[number];

/** SPEC section 3, S.O.S entry (deviceId, licensePlate, startLocalTime, eventId), with what the Focus Board also shows. */
export const SosEntry = Type.Object({
  id: Type.Integer(),
  ...DeviceRef,
  ...VehicleRef,
  /** The device's clock at the press, as it showed it. */
  startLocalTime: Nullable(Type.String()),
  startTime: EpochMs,
  stopTime: Nullable(EpochMs),
  /** The panicButton incident filed with it. */
  eventId: Nullable(Type.Integer()),
  ...NullableLatLng,
  state: Type.Union([Type.Literal('active'), Type.Literal('stopped'), Type.Literal('closed')]),
  closedBy: Nullable(Type.String()),
  closedTime: Nullable(EpochMs),
});
export type SosEntry = Static<typeof SosEntry>;

/** SPEC section 3, S.O.S history record (id, vehicleLicensePlate, localTime) and the entry's other fields. */
export const SosHistoryRecord = Type.Object({
  ...SosEntry.properties,
  vehicleLicensePlate: Nullable(Type.String()),
  localTime: Nullable(Type.String()),
});
export type SosHistoryRecord = Static<typeof SosHistoryRecord>;

/** SPEC section 9: the S.O.S history's page size. */
export const SOS_HISTORY_LIMIT = 10;

export const SosHistoryQuery = Type.Object({
  page: PageQuery.page,
  limit: Type.Integer({ minimum: 1, maximum: 100, default: SOS_HISTORY_LIMIT }),
});
export type SosHistoryQuery = Static<typeof SosHistoryQuery>;

export const SosHistoryPage = PageOf(SosHistoryRecord);
export type SosHistoryPage = Static<typeof SosHistoryPage>;

export const SosCount = Type.Object({ count: Type.Integer() });
export type SosCount = Static<typeof SosCount>;
