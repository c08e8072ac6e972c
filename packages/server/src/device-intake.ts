import type { FastifyInstance } from 'fastify';
import type { Bus } from './bus/bus.js';
import type { Db } from './db/client.js';
import { afterCommit, type DeviceIntake, GpsIngest, INGEST_DEFAULTS, type IngestOptions, Presence } from './device-port/index.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** What devices tell the portal, whatever protocol carried it: every adapter of this node feeds it. */
    deviceIntake: DeviceIntake;
  }
}

/**
 * The device intake as the portal implements it (docs/architecture.md, "The device port"): the port's presence and
 * position writer, and for every other report the module that owns its rows, which also tells the consoles. Composed
 * once, after the modules are registered.
 */
export function composeDeviceIntake(
  app: FastifyInstance,
  { db, bus, positions }: { db: Db; bus: Bus; positions?: Partial<IngestOptions> },
): DeviceIntake {
  const presence = new Presence(db, bus, app.log);
  const writer = new GpsIngest(db, app.log, bus, { ...INGEST_DEFAULTS, ...positions });
  // Positions taken are written before the database closes.
  app.addHook('onClose', () => writer.drain());
  /** What waits for a device to come back: commands queued while it was away. */
  const waitingForHello = [app.evidenceRequests, app.deviceConfigs, app.runtimeLogs, app.deviceLocks];
  return {
    async hello(device, hello) {
      const known = await presence.hello(device, hello);
      if (!known) return known;
      for (const waiting of waitingForHello) afterCommit(app.log, 'hello', () => waiting.hello(device));
      afterCommit(app.log, 'hello', () => app.upgrades.hello(device, { versionNamed: hello.version !== null }));
      return known;
    },
    online: (device) => presence.online(device),
    offline: (device) => presence.offline(device),
    allOffline: () => presence.allOffline(),
    positions: (device, fixes) => writer.take(device, fixes),
    incident: (device, message, report) => app.incidentIntake.incident(device, message, report),
    upload: (device, report) => app.incidentIntake.upload(device, report),
    attachments: (device, incidentMessageId, files) => app.incidentIntake.attachments(device, incidentMessageId, files),
    delivered: (device, file) => app.incidentIntake.delivered(device, file),
    sos: (device, message, report) => app.sos.report(device, message, report),
    driver: (device, message, report) => app.incidentIntake.driver(device, message, report),
    health: (device, report) => app.deviceAlerts.health(device, report),
    configReport: (device, report) => app.deviceConfigs.reported(device, report),
    upgradeProgress: (device, progress) => app.upgrades.progress(device, progress),
    lockState: (device, locked) => app.deviceLocks.lockState(device, locked),
    tamper: (device, action, at) => app.deviceLocks.tamper(device, action, at),
  };
}
