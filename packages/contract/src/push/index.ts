/**
 * `@safety-shield/contract/push`: every message of the console's WebSocket (`/v1/ws`, docs/websocket.md) declared
 * once as a TypeBox schema, with its static type and its validator compiled once.
 */
export * from './compiled.js';
export * from './schemas.js';
