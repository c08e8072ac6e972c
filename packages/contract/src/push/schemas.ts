import { type Static, Type } from 'typebox';
import { TaskCounts, taskStates } from '../api/device-task.js';
import { SosEntry } from '../api/sos.js';
import { Position } from '../api/vehicle.js';

/**
 * The console's WebSocket (`/v1/ws`, docs/websocket.md): the first message authenticates (a token never goes into a
 * URL, where logs would keep it); `watch` replaces the set of vehicles whose positions and presence the page wants.
 * Every message both ways is declared here once; the server and the console are typed from these, the console checks
 * what it receives with the compiled validators (`@safety-shield/contract/push`).
 */
export const PUSH_PATH = '/v1/ws';

/** At most this many vehicles in one watch list. */
export const PUSH_MAX_WATCH = 2_000;

const Id = Type.Integer({ minimum: 1 });

// Client → server.

/** The first message: the session token. */
export const PushAuth = Type.Object({ type: Type.Literal('auth'), token: Type.String({ description: 'the session token' }) });
/** Replaces the vehicles whose positions and presence the page wants. */
export const PushWatch = Type.Object({
  type: Type.Literal('watch'),
  vehicleIds: Type.Array(Id, { maxItems: PUSH_MAX_WATCH, description: 'repeats count once' }),
});
/** New incidents of the caller's scope on or off (the incident list updates itself). */
export const PushIncidents = Type.Object({ type: Type.Literal('incidents'), on: Type.Boolean() });
/** Upload progress of one incident's evidence on or off (on-demand requests watch it). */
export const PushUploads = Type.Object({ type: Type.Literal('uploads'), eventId: Id, on: Type.Boolean() });

/** Every message the console sends, by type. */
export const pushClientMessages = { auth: PushAuth, watch: PushWatch, incidents: PushIncidents, uploads: PushUploads } as const;
export const PushClientMessage = Type.Union([PushAuth, PushWatch, PushIncidents, PushUploads]);
export type PushClientMessage = Static<typeof PushClientMessage>;

// Server → client.

/** The token is good: the socket is live. */
export const PushReady = Type.Object({ type: Type.Literal('ready') });
/** The watch list as taken: vehicles the caller may not see (or that do not exist) are left out and named in `refused`. */
export const PushWatching = Type.Object({
  type: Type.Literal('watching'),
  vehicleIds: Type.Array(Type.Integer()),
  refused: Type.Array(Type.Integer()),
});
/** A watched vehicle's newest position. */
export const PushPosition = Type.Object({
  type: Type.Literal('position'),
  vehicleId: Type.Integer(),
  deviceId: Type.Integer(),
  position: Position,
});
/** A device of a watched vehicle came online or went offline (the portal's clock). */
export const PushPresence = Type.Object({
  type: Type.Literal('presence'),
  vehicleId: Type.Integer(),
  deviceId: Type.Integer(),
  online: Type.Boolean(),
  time: Type.Integer({ description: 'epoch ms' }),
});
/** A new incident of the caller's scope, sent while the socket asked for them. */
export const PushIncident = Type.Object({
  type: Type.Literal('incident'),
  eventId: Type.Integer(),
  incidentType: Type.String(),
  triggerTime: Type.Integer({ description: 'epoch ms' }),
  vehicleId: Type.Union([Type.Integer(), Type.Null()]),
});
/** A resource of a watched incident moved to another upload state (SPEC section 3); taskId when a request asked for it. */
export const PushUpload = Type.Object({
  type: Type.Literal('upload'),
  eventId: Type.Integer(),
  resourceId: Type.Integer(),
  state: Type.Integer(),
  taskId: Type.Optional(Type.Integer()),
});
/** An S.O.S of the caller's scope started, was released by the device or closed: every signed-in socket gets it unasked. */
export const PushSos = Type.Object({ type: Type.Literal('sos'), state: Type.Enum(['started', 'stopped', 'closed']), sos: SosEntry });
/** A device of the caller's scope raised or cleared a running-status alert, or an operator handled some: read the count again. */
export const PushDeviceAlert = Type.Object({
  type: Type.Literal('deviceAlert'),
  change: Type.Enum(['raised', 'cleared', 'handled']),
  deviceId: Type.Integer(),
});
/** A device task of the caller's scope moved on: its rows counted by state (`/devicepage/taskManager`). */
export const PushDeviceTask = Type.Object({
  type: Type.Literal('deviceTask'),
  taskId: Type.Integer(),
  state: Type.Enum(taskStates),
  counts: TaskCounts,
});
/** Something went wrong; a token refused ends the socket. */
export const PushError = Type.Object({ type: Type.Literal('error'), codeKey: Type.String() });

/** Every message the server pushes, by type. */
export const pushServerMessages = {
  ready: PushReady,
  watching: PushWatching,
  position: PushPosition,
  presence: PushPresence,
  incident: PushIncident,
  upload: PushUpload,
  sos: PushSos,
  deviceAlert: PushDeviceAlert,
  deviceTask: PushDeviceTask,
  error: PushError,
} as const;
export const PushServerMessage = Type.Union([
  PushReady,
  PushWatching,
  PushPosition,
  PushPresence,
  PushIncident,
  PushUpload,
  PushSos,
  PushDeviceAlert,
  PushDeviceTask,
  PushError,
]);
export type PushServerMessage = Static<typeof PushServerMessage>;

export type PushClientType = keyof typeof pushClientMessages;
export type PushServerType = keyof typeof pushServerMessages;
