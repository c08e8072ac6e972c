import type { LiveSession, LiveStartBody } from '@safety-shield/contract';
import { http } from '../../../shared/http/client.js';

/** Asks the vehicle's device to stream a channel; answers the session with a signed play URL. */
export const startLive = (body: LiveStartBody) => http.post<LiveSession>('/v1/live/start', body);

/** Stops watching (the device stops when nobody else watches). */
export const stopLive = (sessionId: string) => http.post<LiveSession>('/v1/live/stop', { sessionId });

/** The session's state and a fresh play URL (refresh). */
export const liveState = (sessionId: string) => http.get<LiveSession>('/v1/live/state', { sessionId });
