import type { LiveStartBody } from '@safety-shield/contract';
import { api } from '../../../shared/http/api.js';

/** Asks the vehicle's device to stream a channel; answers the session with a signed play URL. */
export const startLive = (body: LiveStartBody) => api.live.start(body);

/** Stops watching (the device stops when nobody else watches). */
export const stopLive = (sessionId: string) => api.live.stop({ sessionId });

/** The session's state and a fresh play URL (refresh). */
export const liveState = (sessionId: string) => api.live.state({ sessionId });
