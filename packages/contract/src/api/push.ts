/** The console's WebSocket messages live in `push/` (`@safety-shield/contract/push`); the root keeps their names. */
export { PUSH_MAX_WATCH, PUSH_PATH, type PushClientMessage, type PushServerMessage } from '../push/schemas.js';
