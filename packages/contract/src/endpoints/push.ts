import { endpoints } from '../endpoint.js';
import { PUSH_PATH } from '../push/schemas.js';

/**
 * The console's WebSocket (docs/websocket.md; messages in `push/`). Public: the socket authenticates with its first
 * message, so a token never travels in a URL; the handler speaks WebSocket itself.
 */
export const pushApi = endpoints('push', {
  socket: {
    method: 'GET',
    path: PUSH_PATH,
    summary: 'The console’s WebSocket: live positions, presence, incidents, uploads and alarms (first message: auth)',
    access: 'public',
    raw: true,
    websocket: true,
  },
});
