import type { ConfigReportUp, LocalAction, UpgradeProgressUp } from '@safety-shield/contract/device';
import type { FastifyBaseLogger } from 'fastify';
import type {
  DeliveredFile,
  DeviceHello,
  DeviceMessage,
  DriverReport,
  HealthReport,
  IncidentReport,
  PositionFix,
  ReportedResource,
  SosReport,
  UploadReport,
} from './reports.js';

/** A device the portal knows, as its hello found it. */
export interface KnownDevice {
  deviceId: number;
  /** Whether the device holds a secret of its own (one without opens with its company's provisioning key). */
  hasSecret: boolean;
}

/**
 * What a device can tell the portal (docs/architecture.md, "The device port"), whatever protocol carried it. Every
 * call resolves once its effect is committed, which is when the adapter acknowledges the device's message, and rejects
 * when it could not be (the adapter then has the device send it again). Filing the same report again stores nothing
 * twice. What follows a commit (the consoles' push, e-mails, commands waiting for the device) is the implementation's
 * and never fails the call. `device` is the device's uuid.
 *
 * Command acknowledgements are not here: an adapter matches its protocol's acks to the commands it sent
 * (DeviceCommands.send resolves with them).
 */
export interface DeviceIntake {
  /** The device came online and says what it is; undefined for a device the portal does not know. */
  hello(device: string, hello: DeviceHello): Promise<KnownDevice | undefined>;
  online(device: string): Promise<void>;
  /** The device's connection ended; a second notice of the same end changes nothing. */
  offline(device: string): Promise<void>;
  /** An adapter holding the devices' connections itself just started, so none is connected: every device is offline. */
  allOffline(): Promise<void>;
  /** A batch of positions; written with every adapter's batches in one writer, so resolves within its flush interval. */
  positions(device: string, fixes: PositionFix[]): Promise<void>;
  incident(device: string, message: DeviceMessage, report: IncidentReport): Promise<void>;
  /** An evidence file's upload state; an apply the portal accepts is answered with `uploadUrl` (a DeviceCommand). */
  upload(device: string, report: UploadReport): Promise<void>;
  /**
   * Files the device is about to deliver itself for an incident it reported (`delivered`), listed as its evidence;
   * listing one again adds nothing. Resolves false when the device reported no such incident.
   */
  attachments(device: string, incidentMessageId: string, files: ReportedResource[]): Promise<boolean>;
  /**
   * A listed file, whole: stored with its SHA-256 and the resource moved to stored (4), or failed with the
   * reason when its bytes are not what its kind allows. Resolves once either is committed (a file stored before
   * changes nothing); rejects when neither could be, and the device is to send it again.
   */
  delivered(device: string, file: DeliveredFile): Promise<'stored' | 'refused' | 'unknown'>;
  sos(device: string, message: DeviceMessage, report: SosReport): Promise<void>;
  /** A driver's card put in or taken out: the device's driver from then on, whom its incidents carry. */
  driver(device: string, message: DeviceMessage, report: DriverReport): Promise<void>;
  health(device: string, report: HealthReport): Promise<void>;
  /** The configuration the device runs. */
  configReport(device: string, report: ConfigReportUp): Promise<void>;
  /** A step of a firmware upgrade the device took. */
  upgradeProgress(device: string, progress: UpgradeProgressUp): Promise<void>;
  /** Whether the device's lock is on, as the device says now. */
  lockState(device: string, locked: boolean): Promise<void>;
  /** A local action the device's lock refused, at the device's time (epoch milliseconds). */
  tamper(device: string, action: LocalAction, at: number): Promise<void>;
}

/**
 * Runs what follows a committed report (a push, an e-mail, a waiting command): a failure is logged and never reaches
 * the device, whose report is stored already.
 */
export function afterCommit(log: FastifyBaseLogger, what: string, effect: () => unknown): void {
  try {
    const result = effect();
    if (result instanceof Promise) result.catch((err: unknown) => log.error({ err }, `${what} after a device report failed`));
  } catch (err) {
    log.error({ err }, `${what} after a device report failed`);
  }
}
