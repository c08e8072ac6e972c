import type { HistoryRecord, ResourceRecord } from '@safety-shield/contract';

/** One `upload` history line's detail: the device's file name, the SPEC section 3 state, and a failure's reason. */
export interface UploadStep {
  id: number;
  state: number;
  reason?: string;
  time: number;
}

/** A history entry for people: a line as it was, or every upload line of one file as one entry. */
export type HistoryEntry =
  | { type: 'record'; record: HistoryRecord }
  | {
      type: 'upload';
      /** The device's name of the file (the lines' `resourceId`). */
      name: string;
      /** Kind and channel of the file, when the incident still lists it. */
      file: Pick<ResourceRecord, 'kind' | 'channel'> | undefined;
      /** Where the file got to: the state of its last line. */
      state: number;
      /** When it got there. */
      time: number;
      /** Tries that failed on the way (state -1). */
      failedTries: number;
      steps: UploadStep[];
    };

/** The detail of an `upload` line, or undefined for any other line (or one whose detail is not what it should be). */
function uploadDetail(record: HistoryRecord): { name: string; state: number; reason?: string } | undefined {
  if (record.action !== 'upload' || typeof record.detail !== 'object' || record.detail === null) return undefined;
  const { resourceId, state, reason } = record.detail as Record<string, unknown>;
  if (typeof resourceId !== 'string' || typeof state !== 'number') return undefined;
  return { name: resourceId, state, ...(typeof reason === 'string' ? { reason } : {}) };
}

/**
 * Groups an incident's history (oldest first) for reading: the upload lines of one file become one entry, at the
 * place of its first line, with its last state; every other line stays as it is, in order.
 */
export function groupHistory(
  records: readonly HistoryRecord[],
  resources: readonly Pick<ResourceRecord, 'name' | 'kind' | 'channel'>[] = [],
): HistoryEntry[] {
  const files = new Map(resources.map((resource) => [resource.name, { kind: resource.kind, channel: resource.channel }]));
  const entries: HistoryEntry[] = [];
  const uploads = new Map<string, Extract<HistoryEntry, { type: 'upload' }>>();
  for (const record of records) {
    const detail = uploadDetail(record);
    if (!detail) {
      entries.push({ type: 'record', record });
      continue;
    }
    const step: UploadStep = { id: record.id, state: detail.state, time: record.time, ...(detail.reason ? { reason: detail.reason } : {}) };
    const entry = uploads.get(detail.name);
    if (entry) {
      entry.steps.push(step);
      entry.state = step.state;
      entry.time = step.time;
      if (step.state < 0) entry.failedTries += 1;
      continue;
    }
    const created: Extract<HistoryEntry, { type: 'upload' }> = {
      type: 'upload',
      name: detail.name,
      file: files.get(detail.name),
      state: step.state,
      time: step.time,
      failedTries: step.state < 0 ? 1 : 0,
      steps: [step],
    };
    uploads.set(detail.name, created);
    entries.push(created);
  }
  return entries;
}
