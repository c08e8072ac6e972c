import { type EvidenceClip, type IncidentResource, spanProblem } from '@safety-shield/contract/device';
import type { CommandHandler } from './commands.js';

/** At most this many incidents' files are kept on the simulated card; older ones are overwritten, as on a DVR. */
const MAX_HELD_INCIDENTS = 500;

/** The evidence files a device still holds, by incident message id: listed on filing, removed once uploaded. */
export class HeldEvidence {
  private readonly byIncident = new Map<string, Map<string, IncidentResource>>();

  hold(incidentMessageId: string, resources: readonly IncidentResource[]): void {
    const files = this.byIncident.get(incidentMessageId) ?? new Map<string, IncidentResource>();
    for (const resource of resources) files.set(resource.id, resource);
    this.byIncident.set(incidentMessageId, files);
    if (this.byIncident.size > MAX_HELD_INCIDENTS) {
      const oldest = this.byIncident.keys().next().value;
      if (oldest !== undefined) this.byIncident.delete(oldest);
    }
  }

  get(incidentMessageId: string, resourceId: string): IncidentResource | undefined {
    return this.byIncident.get(incidentMessageId)?.get(resourceId);
  }

  release(incidentMessageId: string, resourceId: string): void {
    const files = this.byIncident.get(incidentMessageId);
    files?.delete(resourceId);
    if (files?.size === 0) this.byIncident.delete(incidentMessageId);
  }
}

/** A clip's span and channel as this device can cut it, or why not. */
function clipProblem(clip: EvidenceClip, channels: number): string | null {
  if (clip.channel > channels) return `no recording of channel ${clip.channel}`;
  return spanProblem('clip', clip);
}

/**
 * `down/evidenceRequest` (docs/device-protocol.md): upload the named resources now through the normal flow, or, for a
 * clip, cut it from the recording (here: made like any other video) and upload it. Refused, uploading none, if one of
 * the files is no longer held.
 */
export function evidenceRequestCommand(
  held: HeldEvidence,
  channels: () => number,
  enqueue: (incidentMessageId: string, resources: IncidentResource[], taskId: number) => void,
): CommandHandler<'evidenceRequest'> {
  return ({ taskId, incidentMessageId, resourceIds, clip }) => {
    const cut = clip && clipProblem(clip, channels());
    if (cut) return { ok: false, error: cut };
    const resources: IncidentResource[] = [];
    const missing: string[] = [];
    for (const id of resourceIds) {
      const resource =
        clip && clip.resourceId === id
          ? { id, kind: 'video' as const, channel: clip.channel, start: clip.start, end: clip.end }
          : held.get(incidentMessageId, id);
      if (resource) resources.push(resource);
      else missing.push(id);
    }
    if (missing.length > 0) return { ok: false, error: `not held: ${missing.join(', ')}`.slice(0, 200) };
    enqueue(incidentMessageId, resources, taskId);
    return { ok: true };
  };
}
