import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from '../../bus/bus.js';
import type { Db } from '../../db/client.js';
import {
  afterCommit,
  type DeliveredFile,
  type DeviceCommands,
  type DeviceMessage,
  type DriverReport,
  type IncidentReport,
  type ReportedResource,
  type UploadReport,
} from '../../device-port/index.js';
import type { ObjectStore } from '../../storage/object-store.js';
import { listDelivered, storeDelivered } from './file-delivered.js';
import { fileDriverCard } from './file-driver-card.js';
import { fileIncident, type IncidentUpdate } from './file-incident.js';
import { fileUpload, type UploadUrls } from './file-upload.js';
import type { IncidentNotifier } from './notify.js';
import type { EvidenceRequestService } from './requests/service.js';

/**
 * Incidents and their evidence as devices report them: the device intake's `incident`, `upload` and `driver` (the
 * driver cards, whose holder the incidents carry; docs/architecture.md, "The device port"). Each report is filed in one
 * transaction; what follows it (the consoles' push, the e-mails, the evidence tasks, the upload URL going down) runs
 * after the commit and never fails the report.
 */
export class IncidentIntake {
  constructor(
    private readonly db: Db,
    private readonly bus: Bus,
    private readonly notifier: IncidentNotifier,
    private readonly requests: EvidenceRequestService,
    private readonly devices: DeviceCommands,
    private readonly urls: UploadUrls,
    private readonly store: ObjectStore,
    private readonly log: FastifyBaseLogger,
  ) {}

  async incident(device: string, message: DeviceMessage, report: IncidentReport): Promise<void> {
    const outcome = await fileIncident(this.db, device, message.id, message.at, report);
    if (outcome.stored) this.arrived(outcome.update);
    else if (outcome.reason !== 'resent') this.log.info({ device, id: message.id, reason: outcome.reason }, 'incident not stored');
  }

  /** A new incident (a device's, or an S.O.S press's): the consoles of its chain are told and its e-mails go, once. */
  arrived(update: IncidentUpdate): void {
    afterCommit(this.log, 'incident push', () => this.bus.publish('incident', update));
    afterCommit(this.log, 'incident e-mail', () => this.notifier.arrived(update.incidentId));
  }

  /** A driver's card in or out: nothing follows the commit (the incidents filed later carry the driver). */
  async driver(device: string, message: DeviceMessage, report: DriverReport): Promise<void> {
    const outcome = await fileDriverCard(this.db, device, message, report);
    if (!outcome.stored && outcome.reason !== 'resent')
      this.log.info({ device, id: message.id, reason: outcome.reason }, 'driver card not stored');
  }

  /** Files the device delivers itself (JT/T 808 attachments), listed for the incident they belong to. */
  attachments(device: string, incidentMessageId: string, files: ReportedResource[]): Promise<boolean> {
    return listDelivered(this.db, device, incidentMessageId, files);
  }

  /** A delivered file, whole: stored as evidence (or failed for its bytes); on-demand requests follow it as an upload. */
  async delivered(device: string, file: DeliveredFile): Promise<'stored' | 'refused' | 'unknown'> {
    const { result, moved } = await storeDelivered(this.db, this.store, device, file);
    if (moved) afterCommit(this.log, 'evidence request', () => this.requests.moved(moved));
    if (result === 'unknown')
      this.log.info({ device, incidentMessageId: file.incidentMessageId, resourceId: file.resourceId }, 'delivered file of no resource');
    return result;
  }

  async upload(device: string, report: UploadReport): Promise<void> {
    const outcome = await fileUpload(this.db, device, report, this.urls);
    if (!outcome.stored) {
      if (outcome.reason === 'held') {
        this.devices.send(device, 'uploadHeld', outcome.held).catch((err: unknown) => {
          this.log.debug({ err, device }, 'uploadHeld not acknowledged');
        });
      } else {
        const { incidentMessageId, resourceId } = report;
        this.log.info({ device, incidentMessageId, resourceId, reason: outcome.reason }, 'upload report not stored');
      }
      return;
    }
    void this.requests.moved({ incidentId: outcome.resource.incidentId, resourceRowId: outcome.resource.id, state: outcome.state });
    // Sent after the commit: the device reports 3 only once state 2 is stored. A lost URL is replaced by its next apply.
    if (outcome.url) {
      this.devices.send(device, 'uploadUrl', outcome.url).catch((err: unknown) => {
        this.log.debug({ err, device }, 'uploadUrl not acknowledged');
      });
    }
  }
}
