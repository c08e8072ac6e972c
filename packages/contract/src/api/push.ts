import type { SosEntry } from './sos.js';
import type { Position } from './vehicle.js';

/**
 * The console's WebSocket (`/v1/ws`): the first message authenticates (a token never goes into a URL, where logs
 * would keep it); `watch` replaces the set of vehicles whose positions and presence the page wants.
 */
export const PUSH_PATH = '/v1/ws';

export type PushClientMessage =
  | { type: 'auth'; token: string }
  | { type: 'watch'; vehicleIds: number[] }
  /** New incidents of the caller's scope (the incident list updates itself). */
  | { type: 'incidents'; on: boolean }
  /** Upload progress of one incident's evidence (on-demand requests watch it). */
  | { type: 'uploads'; eventId: number; on: boolean };

export type PushServerMessage =
  | { type: 'ready' }
  /** Vehicles of the watch list the caller may not see (or that do not exist) are left out and named here. */
  | { type: 'watching'; vehicleIds: number[]; refused: number[] }
  | { type: 'position'; vehicleId: number; deviceId: number; position: Position }
  | { type: 'presence'; vehicleId: number; deviceId: number; online: boolean; time: number }
  | { type: 'incident'; eventId: number; incidentType: string; triggerTime: number; vehicleId: number | null }
  /** A resource of a watched incident moved to another upload state (SPEC section 3); taskId when a request asked for it. */
  | { type: 'upload'; eventId: number; resourceId: number; state: number; taskId?: number }
  /** An S.O.S of the caller's scope started, was released by the device or closed: every signed-in socket gets it unasked. */
  | { type: 'sos'; state: 'started' | 'stopped' | 'closed'; sos: SosEntry }
  /** A device of the caller's scope raised or cleared a running-status alert, or an operator handled some: read the count again. */
  | { type: 'deviceAlert'; change: 'raised' | 'cleared' | 'handled'; deviceId: number }
  | { type: 'error'; codeKey: string };

/** At most this many vehicles in one watch list. */
export const PUSH_MAX_WATCH = 2_000;
