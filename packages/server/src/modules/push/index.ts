/** The console's WebSocket (`/v1/ws`): pushes what the bus carries to the sockets in scope. */
export { pushRoutes } from './routes.js';
