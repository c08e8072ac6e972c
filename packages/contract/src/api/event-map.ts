import { type Static, Type } from 'typebox';
import { EpochMs, Nullable, Place, TimeRange } from './common.js';
import { IncidentFilter, IncidentTypeSchema } from './event.js';

/** The event map shows at most this long a stretch of time (SPEC section 2, issue 6): a quarter of a year. */
export const EVENT_MAP_MAX_SPAN_MS = 92 * 24 * 3_600_000;
/** At most this many clusters in one answer; the busiest cells win when more would match. */
export const EVENT_MAP_MAX_CELLS = 2000;
export const EVENT_MAP_MAX_ZOOM = 20;

/** The side of a grid cell in degrees at a zoom: a quarter of a 256-pixel tile, so a cluster spans about 64 pixels. */
export const eventMapCellDegrees = (zoom: number) => 360 / 2 ** zoom / 4;

export const EventMapQuery = Type.Object({
  ...TimeRange,
  ...IncidentFilter,
  bbox: Type.Optional(
    Type.String({
      maxLength: 100,
      pattern: '^-?[0-9.]+,-?[0-9.]+,-?[0-9.]+,-?[0-9.]+$',
      description: 'west,south,east,north in degrees; west > east crosses the antimeridian',
    }),
  ),
  zoom: Type.Integer({ minimum: 0, maximum: EVENT_MAP_MAX_ZOOM, default: 2 }),
});
export type EventMapQuery = Static<typeof EventMapQuery>;

/** One grid cell with incidents: where they are on average and how many; a cell of one names its incident. */
export const EventCluster = Type.Object({
  lat: Type.Number(),
  lng: Type.Number(),
  count: Type.Integer(),
  eventId: Type.Optional(Type.Integer()),
  type: Type.Optional(IncidentTypeSchema),
  triggerTime: Type.Optional(EpochMs),
  licensePlate: Type.Optional(Nullable(Type.String())),
  /** A cell of one: where its incident happened. */
  place: Type.Optional(Nullable(Place)),
});
export type EventCluster = Static<typeof EventCluster>;

export const EventMap = Type.Object({
  clusters: Type.Array(EventCluster),
  /** Incidents with a position that match the filters inside the box, counted whole even when cells were left off. */
  total: Type.Integer(),
  /** The box around every incident of the match (a first view frames it); null when nothing matched. */
  bounds: Nullable(Type.Object({ west: Type.Number(), south: Type.Number(), east: Type.Number(), north: Type.Number() })),
  /** The side of a cell in degrees. */
  cellSize: Type.Number(),
  /** More cells matched than were sent (the quietest were left off). */
  truncated: Type.Boolean(),
});
export type EventMap = Static<typeof EventMap>;
