// Every table of the portal, one file per domain under schema/. Importers (and drizzle-kit, see drizzle.config.ts)
// read them all from here.

export * from './schema/clauses.js';
export * from './schema/coaching.js';
export * from './schema/device-config.js';
export * from './schema/device-lock.js';
export * from './schema/device-task.js';
export * from './schema/devices.js';
export * from './schema/drivers.js';
export * from './schema/evidence-access.js';
export * from './schema/firmware.js';
export * from './schema/gateway.js';
export * from './schema/identity.js';
export * from './schema/incidents.js';
export * from './schema/jt808.js';
export * from './schema/live.js';
export * from './schema/logs.js';
export * from './schema/object-upload.js';
export * from './schema/orgs.js';
export * from './schema/report-schedule.js';
export * from './schema/safety-score.js';
export * from './schema/sos.js';
export * from './schema/sso.js';
export * from './schema/statistics.js';
export * from './schema/subscriptions.js';
export * from './schema/system.js';
export * from './schema/vehicles.js';
