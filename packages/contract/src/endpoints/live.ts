import { LiveHookAnswer, LiveHookBody, LiveHookParams, LiveSession, LiveSessionBody, LiveStartBody } from '../api/live.js';
import { endpoints } from '../endpoint.js';

/**
 * Live video (SPEC sections 2 and 4; the spec names no paths for it, only its codes). Every console role may call these;
 * the data scope decides which vehicles (Site Admins and normal users see none).
 */
export const liveApi = endpoints('live', {
  start: {
    method: 'POST',
    path: '/v1/live/start',
    summary: 'Ask a vehicle’s device to stream one channel; answers a signed play URL',
    access: 'session',
    audit: 'live.start',
    body: LiveStartBody,
    response: LiveSession,
  },
  stop: {
    method: 'POST',
    path: '/v1/live/stop',
    summary: 'Stop watching; the device stops streaming when nobody else watches',
    access: 'session',
    audit: 'live.stop',
    auditTarget: 'sessionId',
    body: LiveSessionBody,
    response: LiveSession,
  },
  state: {
    method: 'GET',
    path: '/v1/live/state',
    summary: 'The state of a live session, with a fresh signed play URL (refresh)',
    access: 'session',
    query: LiveSessionBody,
    response: LiveSession,
  },
  /**
   * An external media server (MEDIA_URL) asks the portal before it accepts a publisher or a player, and says when they
   * leave (SRS-style on_publish / on_unpublish / on_play / on_stop hooks). The signed token in `param` is the authority;
   * the answer is the bare `{ code }` such servers read.
   */
  hook: {
    method: 'POST',
    path: '/v1/live/hooks/:event',
    summary: 'Publish/play check and goodbyes of an external media server',
    access: 'public',
    audit: 'live.hook',
    params: LiveHookParams,
    body: LiveHookBody,
    response: LiveHookAnswer,
    raw: true,
  },
});
