import { type Static, type TInteger, type TObject, type TProperties, type TSchema, Type } from 'typebox';
import { pageSizes } from '../envelope.js';
import { EPOCH_MS_MAX, INT4_MAX } from '../input-bounds.js';

/** ARCHITECTURE section 3: lists take page (from 1) and limit (at most 500, default 20). */
export const PageQuery = {
  page: Type.Integer({ minimum: 1, maximum: INT4_MAX, default: 1 }),
  limit: Type.Integer({ minimum: 1, maximum: pageSizes[pageSizes.length - 1], default: 20 }),
};

export const PageOf = <T extends TSchema>(record: T) => Type.Object({ records: Type.Array(record), total: Type.Integer() });

/** Exports take a list's filters (without paging) and an optional file name. */
export const ExportQueryOf = <P extends TProperties>(listQuery: TObject<P>) => {
  const { page: _page, limit: _limit, ...filters } = listQuery.properties;
  return Type.Object({ ...filters, filename: Type.Optional(Type.String({ maxLength: 100, pattern: '^[^/\\\\]+$' })) });
};

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** Optional texts a caller writes: left out or null is "not given". */
export const optionalText = (maxLength: number) => Type.Optional(Nullable(Type.String({ maxLength })));

/** Counts by name: an integer each. */
export const counts = <const K extends string>(...names: K[]) =>
  Object.fromEntries(names.map((name) => [name, Type.Integer()])) as { [N in K]: TInteger };

/** Times travel as epoch milliseconds (ARCHITECTURE section 3). */
export const EpochMs = Type.Integer({ minimum: 0, maximum: EPOCH_MS_MAX, description: 'epoch milliseconds' });

/** A span of time, both ends given. */
export const TimeRange = { startTime: EpochMs, endTime: EpochMs };
/** A list filter by time: either end may be left open. */
export const TimeFilter = { startTime: Type.Optional(EpochMs), endTime: Type.Optional(EpochMs) };

/**
 * What the driver-facing camera detects: each is a detection the DVR can switch off (`detectionTypes`) and files an
 * incident of the same name (`incidentTypes`).
 */
export const driverMonitoringTypes = ['fatigue', 'distraction', 'phoneUse', 'smoking', 'seatbelt', 'cameraBlocked'] as const;

/** A camera channel of a device (1 to 16, as docs/device-protocol.md numbers them). */
export const CameraChannel = Type.Integer({ minimum: 1, maximum: 16 });

/** A text a list is filtered by. */
export const TextFilter = Type.Optional(Type.String({ maxLength: 64 }));

/** Where something happened; null when the device did not know. */
export const NullableLatLng = { lat: Nullable(Type.Number()), lng: Nullable(Type.Number()) };

/**
 * The nearest town of at least 1,000 people to a position (GeoNames, CC BY 4.0), within 30 km; null farther out, or
 * without a position. The console names the country in the reader's language.
 */
export const Place = Type.Object({
  name: Type.String(),
  /** ISO 3166-1 alpha-2, e.g. `NO`. */
  country: Type.String(),
  /** From the position to the town's centre, to 0.1 km. */
  distanceKm: Type.Number(),
});
export type Place = Static<typeof Place>;

/** A row a caller names by id. */
export const Id = Type.Integer({ minimum: 1, maximum: INT4_MAX });

/** One row by id: a body, a query or path parameters. */
export const ById = Type.Object({ id: Id });
export type ById = Static<typeof ById>;

export const Created = Type.Object({ id: Type.Integer() });

/** The organisations of SPEC section 3 a record belongs to, by id and name; null where it belongs to none of that kind. */
export const AgentRef = { agentId: Nullable(Type.Integer()), agentName: Nullable(Type.String()) };
export const CompanyRef = { companyId: Nullable(Type.Integer()), companyName: Nullable(Type.String()) };
export const FleetRef = { fleetId: Nullable(Type.Integer()), fleetName: Nullable(Type.String()) };
export const SiteRef = { siteId: Nullable(Type.Integer()), siteName: Nullable(Type.String()) };
/** The chain from the area supplier down to the fleet. */
export const OrgChain = { ...AgentRef, ...CompanyRef, ...FleetRef };

/** List filters by organisation: what belongs to the named one (and below). */
export const OrgFilter = { agentId: Type.Optional(Id), companyId: Type.Optional(Id), fleetId: Type.Optional(Id) };

/** A device by its row id and the uuid it connects with. */
export const DeviceRef = { deviceId: Type.Integer(), deviceUuid: Type.String() };
/** The vehicle a device is bound to; null when it is bound to none. */
export const VehicleRef = { vehicleId: Nullable(Type.Integer()), licensePlate: Nullable(Type.String()) };

/** SPEC section 9: alert counts (S.O.S, device running status) are read at once and every 20 s, and pushed in between. */
export const ALERT_POLL_MS = 20_000;

/** Media types of the files the API streams (exports, evidence zips, the user guide). */
export const mediaTypes = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv',
  zip: 'application/zip',
  pdf: 'application/pdf',
} as const;
