import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.js';
import { fileHealth } from '../modules/device-alerts/file.js';
import { fileConfigReport } from '../modules/device-config/file-report.js';
import { fileLockState, fileTamper } from '../modules/device-locks/file.js';
import { fileIncident } from '../modules/events/file-incident.js';
import { fileSos } from '../modules/sos/file.js';
import type { Commands } from './commands.js';
import type { Credentials } from './credentials.js';
import type { DropLog } from './drops.js';
import type { GatewayEvents } from './events.js';
import type { Done, GpsIngest } from './ingest.js';
import {
  parseAck,
  parseChecked,
  parseConfigReport,
  parseEnvelope,
  parseGps,
  parseHealth,
  parseHello,
  parseIncident,
  parseSos,
  parseStatus,
  parseUpload,
} from './messages.js';
import type { Presence } from './presence.js';
import { reportUpload, type UploadUrls } from './uploads.js';

export interface UpParts {
  db: Db;
  ingest: GpsIngest;
  presence: Presence;
  /**
   * Offers a device without a secret its secret; none behind an external broker, which holds the device's password
   * itself: a device that switched to a secret the broker does not know would be locked out.
   */
  credentials: Credentials | undefined;
  commands: Commands;
  /** Guarded listeners (safeEvents): called after the commit. */
  events: Required<GatewayEvents>;
  log: FastifyBaseLogger;
  /** Evidence upload URLs; without them an upload apply is acknowledged and nothing is stored. */
  uploads?: UploadUrls;
  /** Counts and logs (rate-limited) the malformed messages. */
  drops: DropLog;
}

/** Handles one up message of a device; `done` runs once its effect is committed, which is when the device gets its ack. */
export type HandleUp = (uuid: string, kind: string, payload: Buffer, done: Done) => void;

/** The up kinds this release understands (the contract's): an external broker's shared subscription lists them (acks fan out to every node). */
export { UP_KINDS } from '@safety-shield/contract/device';

export function upRouter(
  { db, ingest, presence, credentials, commands, events, log, uploads, drops }: UpParts,
  track: (work: Promise<unknown>) => void,
): HandleUp {
  const settle = (work: Promise<unknown>, done: Done) => {
    const settled = work.then(
      () => done(),
      (err: unknown) => {
        log.error({ err }, 'device message failed: the device resends');
        done(err instanceof Error ? err : new Error(String(err)));
      },
    );
    track(settled);
  };

  const route: HandleUp = (uuid, kind, payload, done) => {
    const envelope = parseEnvelope(payload);
    // PROTOCOL: a malformed message is acknowledged and dropped, so it cannot block the device's queue.
    if (!envelope.ok) {
      drops.drop(uuid, kind, undefined, () => envelope.reason);
      return done();
    }
    const { body } = envelope.value;
    const invalid = (parsed: { reason: string }) => {
      drops.drop(uuid, kind, envelope.value.id, () => parsed.reason);
      done();
    };
    switch (kind) {
      case 'gps': {
        const points = parseGps(body);
        return points.ok ? ingest.take(uuid, points.value, done) : invalid(points);
      }
      case 'status': {
        const status = parseStatus(body);
        if (!status.ok) return invalid(status);
        return settle(status.value.online ? presence.online(uuid) : presence.offline(uuid), done);
      }
      case 'hello': {
        const hello = parseHello(body);
        if (!hello.ok) return invalid(hello);
        const work = presence.hello(uuid, hello.value).then((known) => {
          if (known && !known.hasSecret) credentials?.offer(uuid, known.deviceId);
          if (known) events.hello(uuid);
        });
        return settle(work, done);
      }
      case 'ack': {
        const ack = parseAck(body);
        return ack.ok ? settle(commands.settle(uuid, ack.value), done) : invalid(ack);
      }
      case 'incident': {
        const report = parseIncident(body);
        if (!report.ok) return invalid(report);
        const { id, at } = envelope.value;
        const work = fileIncident(db, uuid, id, at, report.value).then((outcome) => {
          if (outcome.stored) events.incident(outcome.update);
          else if (outcome.reason !== 'resent') log.info({ device: uuid, kind, id, reason: outcome.reason }, 'incident not stored');
        });
        return settle(work, done);
      }
      case 'upload': {
        const report = parseUpload(body);
        if (!report.ok) return invalid(report);
        const work = reportUpload(db, uuid, report.value, uploads).then((outcome) => {
          if (!outcome.stored) {
            if (outcome.reason === 'held') {
              commands.send(uuid, 'uploadHeld', outcome.held).catch((err: unknown) => {
                log.debug({ err, device: uuid }, 'uploadHeld not acknowledged');
              });
            } else log.info({ device: uuid, kind, id: envelope.value.id, reason: outcome.reason }, 'upload report not stored');
            return;
          }
          events.upload({ incidentId: outcome.resource.incidentId, resourceRowId: outcome.resource.id, state: outcome.state });
          // Published after the commit: the device reports 3 only once state 2 is stored. A lost URL is replaced by its next apply.
          if (outcome.url) {
            commands.send(uuid, 'uploadUrl', outcome.url).catch((err: unknown) => {
              log.debug({ err, device: uuid }, 'uploadUrl not acknowledged');
            });
          }
        });
        return settle(work, done);
      }
      case 'sos': {
        const { id, at } = envelope.value;
        const report = parseSos(body, at);
        if (!report.ok) return invalid(report);
        const work = fileSos(db, uuid, id, report.value).then((outcome) => {
          // Each event comes from the one node that stored its row (every node files each S.O.S of an external broker).
          if (outcome.incident) events.incident(outcome.incident);
          if (!outcome.stored) {
            if (outcome.reason !== 'resent') log.info({ device: uuid, kind, id, reason: outcome.reason }, 'sos not stored');
            return;
          }
          events.sos(outcome.update);
        });
        return settle(work, done);
      }
      case 'health': {
        const report = parseHealth(body, envelope.value.at);
        if (!report.ok) return invalid(report);
        if (report.value.unknown.length > 0) log.info({ device: uuid, codes: report.value.unknown }, 'unknown fault codes skipped');
        const work = fileHealth(db, uuid, report.value).then((outcome) => {
          if (!outcome.stored) {
            if (outcome.reason !== 'stale') log.info({ device: uuid, kind, reason: outcome.reason }, 'health not stored');
            return;
          }
          if (outcome.raised > 0 || outcome.cleared > 0) events.deviceAlert(outcome);
        });
        return settle(work, done);
      }
      case 'configReport': {
        const report = parseConfigReport(body);
        if (!report.ok) return invalid(report);
        const work = fileConfigReport(db, uuid, { ...report.value, at: Date.now() }).then((outcome) => {
          if (!outcome.stored) log.info({ device: uuid, kind }, 'configuration report of an unknown device dropped');
        });
        return settle(work, done);
      }
      case 'upgradeProgress': {
        const report = parseChecked(kind, body);
        if (!report.ok) return invalid(report);
        return settle(Promise.resolve(events.upgradeProgress(uuid, report.value)), done);
      }
      case 'lockState': {
        const report = parseChecked(kind, body);
        if (!report.ok) return invalid(report);
        const work = fileLockState(db, uuid, report.value.locked, Date.now()).then((news) => news && events.lock(news));
        return settle(work, done);
      }
      case 'tamper': {
        const report = parseChecked(kind, body);
        if (!report.ok) return invalid(report);
        const work = fileTamper(db, uuid, report.value.action, envelope.value.at).then((news) => news && events.lock(news));
        return settle(work, done);
      }
      default:
        return invalid({ reason: `unknown kind ${kind}` });
    }
  };

  // Whatever a message holds, the gateway does not throw: a failure is logged and the message acknowledged.
  return (uuid, kind, payload, done) => {
    let answered = false;
    const once: Done = (err) => {
      if (answered) return;
      answered = true;
      done(err);
    };
    try {
      route(uuid, kind, payload, once);
    } catch (err) {
      log.error({ err, device: uuid, kind }, 'device message handling failed: acknowledged and dropped');
      drops.drop(uuid, kind, undefined, () => `handling failed: ${err instanceof Error ? err.message : String(err)}`);
      once();
    }
  };
}
