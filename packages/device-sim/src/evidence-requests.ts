import type { CommandHandler } from './commands.js';
import type { IncidentResource } from './incidents.js';

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

interface Clip {
  resourceId: string;
  channel: number;
  start: number;
  end: number;
}

function parseClip(value: unknown, channels: number): Clip | string {
  const clip = value as Partial<Clip> | null;
  if (typeof clip !== 'object' || clip === null) return 'clip must be an object';
  const { resourceId, channel, start, end } = clip;
  if (typeof resourceId !== 'string' || resourceId.length === 0) return 'clip.resourceId must be a non-empty string';
  if (typeof channel !== 'number' || !Number.isInteger(channel) || channel < 1) return 'clip.channel must be a channel';
  if (channel > channels) return `no recording of channel ${channel}`;
  if (typeof start !== 'number' || typeof end !== 'number' || end < start) return 'clip.start and clip.end must be a time range';
  return { resourceId, channel, start, end };
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
): CommandHandler {
  return ({ taskId, incidentMessageId, resourceIds, clip }) => {
    if (typeof taskId !== 'number' || !Number.isInteger(taskId)) return { ok: false, error: 'taskId must be an integer' };
    if (typeof incidentMessageId !== 'string' || incidentMessageId.length === 0)
      return { ok: false, error: 'incidentMessageId is missing' };
    if (!Array.isArray(resourceIds) || resourceIds.length === 0 || !resourceIds.every((id) => typeof id === 'string'))
      return { ok: false, error: 'resourceIds must be a non-empty list of ids' };
    const cut = clip === undefined ? undefined : parseClip(clip, channels());
    if (typeof cut === 'string') return { ok: false, error: cut };
    const resources: IncidentResource[] = [];
    const missing: string[] = [];
    for (const id of resourceIds as string[]) {
      const resource =
        cut && cut.resourceId === id
          ? { id, kind: 'video' as const, channel: cut.channel, start: cut.start, end: cut.end }
          : held.get(incidentMessageId, id);
      if (resource) resources.push(resource);
      else missing.push(id);
    }
    if (missing.length > 0) return { ok: false, error: `not held: ${missing.join(', ')}`.slice(0, 200) };
    enqueue(incidentMessageId, resources, taskId);
    return { ok: true };
  };
}
