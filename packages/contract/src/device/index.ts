/**
 * `@safety-shield/contract/device`: every message of docs/device-protocol.md, up and down, declared once as a
 * TypeBox schema with its static type, its compiled validator and the rules a schema cannot state. The gateway
 * parses with them, the simulator builds and checks its messages with them, and the protocol document's schema
 * tables are generated from them (`npm run docs:protocol -w @safety-shield/contract`).
 */
export * from './compiled.js';
export * from './down.js';
export * from './envelope.js';
export * from './problem.js';
export * from './rules.js';
export * from './topics.js';
export * from './up.js';
