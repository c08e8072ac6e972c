import { type Static, Type } from 'typebox';
import { DeviceRef, EpochMs, Id, Nullable, OrgChain, OrgFilter, optionalText, PageQuery, Place, TextFilter, TimeRange } from './common.js';

/** A bound device more would exceed what one vehicle's recorder harness carries (VEHICLE_DEVICE_MORE_ERROR). */
export const MAX_DEVICES_PER_VEHICLE = 4;
/** The longest trail one request returns, and how many points at most (longer ranges are thinned evenly). */
export const TRAIL_MAX_RANGE_MS = 7 * 24 * 3_600_000;
export const TRAIL_MAX_POINTS = 20_000;
/** A stop on the trail: standing still at least this long. */
export const TRAIL_STOP_MIN_MS = 120_000;
/** SPEC section 9: validation codes have 6 digits; they expire, and five wrong tries spend them. */
export const EMAIL_CODE_LENGTH = 6;
export const EMAIL_CODE_TTL_MS = 10 * 60_000;
export const EMAIL_CODE_MAX_ATTEMPTS = 5;
/** Sending another code to the same address waits this long. */
export const EMAIL_CODE_RESEND_MS = 60_000;

/**
 * A vehicle's kind and what it is used for (SPEC section 3: kindName, useFor): chosen from these, stored as the key, and
 * named in the reader's language (issue 29: a stored word is never shown as it was typed in English).
 */
export const vehicleKinds = ['car', 'van', 'truck', 'tractorUnit', 'bus', 'minibus', 'trailer', 'machine', 'other'] as const;
export const VehicleKind = Type.Enum(vehicleKinds);
export type VehicleKind = Static<typeof VehicleKind>;
export const vehicleUses = ['delivery', 'haulage', 'passengers', 'construction', 'service', 'rental', 'emergency', 'other'] as const;
export const VehicleUse = Type.Enum(vehicleUses);
export type VehicleUse = Static<typeof VehicleUse>;

export const RentState = Type.Enum(['available', 'leasing']);
export type RentState = Static<typeof RentState>;

/** Where a vehicle was and how it moved. */
const motion = { lat: Type.Number(), lng: Type.Number(), speed: Type.Number(), heading: Type.Number() };

/**
 * The newest position a vehicle's devices reported. `place` comes with vehicle and device answers; live pushes leave it
 * out (a lookup per second per vehicle buys nothing: the console names the place of the answer it has).
 */
export const Position = Type.Object({ ...motion, dbm: Nullable(Type.Integer()), time: EpochMs, place: Type.Optional(Nullable(Place)) });
export type Position = Static<typeof Position>;

const plate = Type.String({ minLength: 1, maxLength: 20, pattern: '^\\s*[A-Za-z0-9][A-Za-z0-9 .·-]*$' });

/** The fields an operator types (SPEC section 3); the rest comes from devices and leases. */
const editable = {
  licensePlate: plate,
  brand: optionalText(64),
  model: optionalText(64),
  kindName: Type.Optional(Nullable(VehicleKind)),
  useFor: Type.Optional(Nullable(VehicleUse)),
  initialMileageKm: Type.Integer({ minimum: 0, maximum: 10_000_000, default: 0 }),
  attribution: optionalText(128),
  address: optionalText(256),
  customer: optionalText(128),
};

export const VehicleRecord = Type.Object({
  id: Type.Integer(),
  licensePlate: Type.String(),
  brand: Nullable(Type.String()),
  model: Nullable(Type.String()),
  kindName: Nullable(VehicleKind),
  useFor: Nullable(VehicleUse),
  initialMileageKm: Type.Integer(),
  /** Initial mileage plus what the trail drove. */
  totalMileageKm: Type.Number(),
  runningMinutes: Type.Integer(),
  attribution: Nullable(Type.String()),
  address: Nullable(Type.String()),
  customer: Nullable(Type.String()),
  ...OrgChain,
  rentState: RentState,
  leaseCompanyId: Nullable(Type.Integer()),
  leaseCompanyName: Nullable(Type.String()),
  leaseFleetId: Nullable(Type.Integer()),
  leaseFleetName: Nullable(Type.String()),
  expireTime: Nullable(EpochMs),
  /** The caller sees this vehicle as the lessee, not the owner: it may use it but not edit, lease or delete it. */
  leasedToCaller: Type.Boolean(),
  online: Type.Boolean(),
  lastOnlineTime: Nullable(EpochMs),
  deviceCount: Type.Integer(),
  position: Nullable(Position),
  createTime: EpochMs,
});
export type VehicleRecord = Static<typeof VehicleRecord>;

export const VehicleDevice = Type.Object({
  ...DeviceRef,
  name: Nullable(Type.String()),
  channels: Type.Integer(),
  online: Type.Boolean(),
  version: Nullable(Type.String()),
});
export type VehicleDevice = Static<typeof VehicleDevice>;

export const EmailState = Type.Enum(['unverified', 'verified']);
export const VehicleEmailRecord = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  state: EmailState,
  /** When the last code went out; null until one was sent. */
  codeSentTime: Nullable(EpochMs),
  verifiedTime: Nullable(EpochMs),
});
export type VehicleEmailRecord = Static<typeof VehicleEmailRecord>;

export const VehicleDetail = Type.Object({
  ...VehicleRecord.properties,
  devices: Type.Array(VehicleDevice),
  emails: Type.Array(VehicleEmailRecord),
});
export type VehicleDetail = Static<typeof VehicleDetail>;

export const VehicleListQuery = Type.Object({
  ...PageQuery,
  /** Part of the plate, any case. */
  licensePlate: Type.Optional(Type.String({ maxLength: 20 })),
  ...OrgFilter,
  online: Type.Optional(Type.Boolean()),
  rentState: Type.Optional(RentState),
  brand: TextFilter,
});
export type VehicleListQuery = Static<typeof VehicleListQuery>;

/** One vehicle by id or by plate (the console's paths carry plates). */
export const VehicleInfoQuery = Type.Object({ id: Type.Optional(Id), licensePlate: Type.Optional(plate) });
export type VehicleInfoQuery = Static<typeof VehicleInfoQuery>;

export const VehicleCreateBody = Type.Object({ ...editable, fleetId: Id });
export type VehicleCreateBody = Static<typeof VehicleCreateBody>;

export const VehicleUpdateBody = Type.Object({ id: Id, ...editable, fleetId: Id });
export type VehicleUpdateBody = Static<typeof VehicleUpdateBody>;

export const VehicleOption = Type.Object({ id: Type.Integer(), licensePlate: Type.String(), deviceCount: Type.Integer() });
export type VehicleOption = Static<typeof VehicleOption>;
export const VehicleOptionsQuery = Type.Object({
  keyword: Type.Optional(Type.String({ maxLength: 20 })),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
});
export type VehicleOptionsQuery = Static<typeof VehicleOptionsQuery>;

/** Bind a device to a vehicle; `force` takes it from the vehicle it is bound to (SPEC section 4: forced unbind warns). */
export const BindBody = Type.Object({ vehicleId: Id, deviceId: Id, force: Type.Optional(Type.Boolean()) });
export type BindBody = Static<typeof BindBody>;
export const UnbindBody = Type.Object({ deviceId: Id });
export type UnbindBody = Static<typeof UnbindBody>;

export const LeaseBody = Type.Object({ id: Id, fleetId: Id, expireTime: EpochMs });
export type LeaseBody = Static<typeof LeaseBody>;

export const TrailQuery = Type.Object({ vehicleId: Id, ...TimeRange });
export type TrailQuery = Static<typeof TrailQuery>;

export const TrailPoint = Type.Object({ time: EpochMs, ...motion });
export type TrailPoint = Static<typeof TrailPoint>;
export const TrailStop = Type.Object({ ...TimeRange, lat: Type.Number(), lng: Type.Number(), place: Nullable(Place) });
export type TrailStop = Static<typeof TrailStop>;
export const Trail = Type.Object({
  points: Type.Array(TrailPoint),
  stops: Type.Array(TrailStop),
  distanceKm: Type.Number(),
  maxSpeed: Type.Number(),
  /** Points in the range before thinning; more than TRAIL_MAX_POINTS means the answer was thinned evenly. */
  totalPoints: Type.Integer(),
});
export type Trail = Static<typeof Trail>;

export const EmailAddBody = Type.Object({ vehicleId: Id, email: Type.String({ minLength: 3, maxLength: 254 }) });
export type EmailAddBody = Static<typeof EmailAddBody>;
export const EmailVerifyBody = Type.Object({ id: Id, code: Type.String({ pattern: '^[0-9]{6}$' }) });
export type EmailVerifyBody = Static<typeof EmailVerifyBody>;

/** The map background (`GET /v1/system/map`): tiles from MAP_TILE_URL; null draws maps without tiles (no tile server reachable). */
export const MapConfig = Type.Object({ tileUrl: Nullable(Type.String()), attribution: Type.String() });
export type MapConfig = Static<typeof MapConfig>;
