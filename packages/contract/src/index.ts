export * from './api/account.js';
export * from './codes.js';
export * from './envelope.js';
export * from './languages.js';
export type { Messages } from './messages/types.js';
export * from './roles.js';
export * from './routes.js';
