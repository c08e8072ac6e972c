import type { FastifyBaseLogger } from 'fastify';
import type { DropLog } from '../device-port/drops.js';
import type { DeviceIntake } from '../device-port/index.js';
import type { Commands } from './commands.js';
import type { Credentials } from './credentials.js';
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

/** Called once a message is committed (no argument) or could not be (the error: the device must resend). */
export type Done = (error?: Error | null) => void;

export interface UpParts {
  /** What the device's message tells the portal goes here, in the protocol-neutral form of device-port/reports.ts. */
  intake: DeviceIntake;
  /**
   * Offers a device without a secret its secret; none behind an external broker, which holds the device's password
   * itself: a device that switched to a secret the broker does not know would be locked out.
   */
  credentials: Credentials | undefined;
  commands: Commands;
  log: FastifyBaseLogger;
  /** Counts and logs (rate-limited) the malformed messages. */
  drops: DropLog;
}

/** Handles one up message of a device; `done` runs once its effect is committed, which is when the device gets its ack. */
export type HandleUp = (uuid: string, kind: string, payload: Buffer, done: Done) => void;

/** The up kinds this release understands (the contract's): an external broker's shared subscription lists them (acks fan out to every node). */
export { UP_KINDS } from '@safety-shield/contract/device';

/**
 * The MQTT side of the device intake: each up message is parsed (docs/device-protocol.md, "Messages") and handed to the
 * intake; its PUBACK waits until the intake's call settled, and a failed call makes the device resend.
 */
export function upRouter({ intake, credentials, commands, log, drops }: UpParts, track: (work: Promise<unknown>) => void): HandleUp {
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
    const message = { id: envelope.value.id, at: envelope.value.at };
    const invalid = (parsed: { reason: string }) => {
      drops.drop(uuid, kind, message.id, () => parsed.reason);
      done();
    };
    switch (kind) {
      case 'gps': {
        const points = parseGps(body);
        if (!points.ok) return invalid(points);
        // The position writer logs a failed flush once for all its messages.
        return track(intake.positions(uuid, points.value).then(() => done(), done));
      }
      case 'status': {
        const status = parseStatus(body);
        if (!status.ok) return invalid(status);
        return settle(status.value.online ? intake.online(uuid) : intake.offline(uuid), done);
      }
      case 'hello': {
        const hello = parseHello(body);
        if (!hello.ok) return invalid(hello);
        const work = intake.hello(uuid, hello.value).then((known) => {
          if (known && !known.hasSecret) credentials?.offer(uuid, known.deviceId);
        });
        return settle(work, done);
      }
      case 'ack': {
        const ack = parseAck(body);
        return ack.ok ? settle(commands.settle(uuid, ack.value), done) : invalid(ack);
      }
      case 'incident': {
        const report = parseIncident(body);
        return report.ok ? settle(intake.incident(uuid, message, report.value), done) : invalid(report);
      }
      case 'upload': {
        const report = parseUpload(body);
        return report.ok ? settle(intake.upload(uuid, report.value), done) : invalid(report);
      }
      case 'sos': {
        const report = parseSos(body, message.at);
        return report.ok ? settle(intake.sos(uuid, message, report.value), done) : invalid(report);
      }
      case 'health': {
        const report = parseHealth(body, message.at);
        return report.ok ? settle(intake.health(uuid, report.value), done) : invalid(report);
      }
      case 'configReport': {
        const report = parseConfigReport(body);
        return report.ok ? settle(intake.configReport(uuid, report.value), done) : invalid(report);
      }
      case 'upgradeProgress': {
        const report = parseChecked(kind, body);
        return report.ok ? settle(intake.upgradeProgress(uuid, report.value), done) : invalid(report);
      }
      case 'lockState': {
        const report = parseChecked(kind, body);
        return report.ok ? settle(intake.lockState(uuid, report.value.locked), done) : invalid(report);
      }
      case 'tamper': {
        const report = parseChecked(kind, body);
        return report.ok ? settle(intake.tamper(uuid, report.value.action, message.at), done) : invalid(report);
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
