import type { IncidentResource, UploadUp } from '@safety-shield/contract/device';
import type { SimDeviceOptions } from './device-options.js';
import type { CommandDispatcher } from './dispatch.js';
import { deviceEvidenceFile } from './evidence.js';
import { evidenceRequestCommand, HeldEvidence } from './evidence-requests.js';
import { FFMPEG } from './live.js';
import { EvidenceUploader, type UploadCounts } from './uploads.js';

/** Trigger times kept, as many as the card keeps incidents (evidence-requests.ts). */
const MAX_TRIGGERS = 500;

export interface DeviceEvidenceLinks {
  /** Publishes `up/upload`; resolves true on PUBACK. */
  publish(payload: UploadUp): Promise<boolean>;
  problem(error: Error): void;
  /** The device's camera channels. */
  channels(): number;
}

/**
 * A device's incident evidence: the files on its card from the moment an incident is raised, the ones that go up by
 * themselves once the portal holds the incident (`autoUpload`), and the portal's commands about the rest
 * (`evidenceRequest`, `cancelUpload`, and the answers to an apply, `uploadUrl` and `uploadHeld`).
 */
export class DeviceEvidence {
  private readonly held = new HeldEvidence();
  private readonly uploader: EvidenceUploader;
  private readonly uploadEvidence: boolean;
  private readonly autoUpload: NonNullable<SimDeviceOptions['autoUpload']>;
  /** When each held incident was triggered, burned into its pictures. */
  private readonly triggers = new Map<string, number>();

  constructor(
    options: SimDeviceOptions,
    private readonly links: DeviceEvidenceLinks,
  ) {
    this.uploadEvidence = options.uploadEvidence ?? (options.incidentEveryMs ?? 0) > 0;
    this.autoUpload = options.autoUpload ?? 'all';
    const media = { uuid: options.uuid, media: options.evidenceMedia ?? 'recorded', ffmpeg: FFMPEG, problem: links.problem };
    this.uploader = new EvidenceUploader({
      uuid: options.uuid,
      ...options.upload,
      publish: links.publish,
      problem: links.problem,
      uploaded: (incidentMessageId, resourceId) => this.held.release(incidentMessageId, resourceId),
      file: (incidentMessageId, resource) =>
        deviceEvidenceFile(media, incidentMessageId, resource, {
          plate: options.plate ?? options.name ?? options.uuid,
          triggerAt: this.triggers.get(incidentMessageId) ?? Date.now(),
        }),
    });
  }

  get counts(): Readonly<UploadCounts> {
    return this.uploader.counts;
  }

  /** Answers the evidence commands. */
  handleCommands(dispatcher: CommandDispatcher): void {
    dispatcher.handle(
      'evidenceRequest',
      evidenceRequestCommand(this.held, this.links.channels, (incidentMessageId, resources, taskId) =>
        this.uploader.enqueue(incidentMessageId, resources, taskId),
      ),
    );
    dispatcher.handle('cancelUpload', ({ taskId }) => {
      this.uploader.cancel(taskId);
      return { ok: true };
    });
    dispatcher.handle('uploadUrl', (message) =>
      this.uploader.offerUrl(message) ? { ok: true } : { ok: false, error: 'no upload waits for this URL' },
    );
    dispatcher.handle('uploadHeld', (message) =>
      this.uploader.offerHeld(message) ? { ok: true } : { ok: false, error: 'no upload waits for this answer' },
    );
  }

  /** An incident is raised at `triggerAt`: its files are on the card from now on, whether or not they go up by themselves. */
  hold(incidentMessageId: string, resources: readonly IncidentResource[], triggerAt = Date.now()): void {
    this.held.hold(incidentMessageId, resources);
    this.triggers.set(incidentMessageId, triggerAt);
    if (this.triggers.size > MAX_TRIGGERS) this.triggers.delete(this.triggers.keys().next().value ?? '');
  }

  /** The portal holds the incident and its resources (state 0): the files that go up by themselves can go now. */
  filed(incidentMessageId: string, resources: readonly IncidentResource[]): void {
    if (!this.uploadEvidence) return;
    const auto = this.autoUpload;
    const now = auto === 'all' ? resources : auto === 'pictures' ? resources.filter((r) => r.kind === 'picture') : [];
    if (now.length > 0) this.uploader.enqueue(incidentMessageId, now);
  }

  stop(): void {
    this.uploader.stop();
  }
}
