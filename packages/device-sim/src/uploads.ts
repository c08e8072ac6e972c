import { compiled, type DeviceUploadState, type IncidentResource, type UploadUp } from '@safety-shield/contract/device';
import { type EvidenceFile, evidenceFile } from './evidence.js';
import type { DownMessage } from './messages.js';

/** docs/device-protocol.md, `upload`: the states a device reports (SPEC section 3). */
export const UploadState = { apply: 1, started: 3, success: 5, removed: 6, failed: -1 } as const;

export interface UploaderOptions {
  uuid: string;
  /** Publishes `up/upload`; resolves true on PUBACK, false if the device ended first. */
  publish(payload: UploadUp): Promise<boolean>;
  /** Default: Node's fetch. */
  fetch?: typeof fetch;
  /** How long an apply waits for its `down/uploadUrl` (default 30 s). */
  urlTimeoutMs?: number;
  /** Pause before a new apply after a failed try (default 5 s). */
  retryDelayMs?: number;
  /** Tries per resource, each a fresh apply (default 3). */
  maxTries?: number;
  /** The file of a resource (default: evidenceFile, deterministic tiny content); a promise while an encoder makes it. */
  file?: (incidentMessageId: string, resource: IncidentResource) => EvidenceFile | Promise<EvidenceFile>;
  problem?(error: Error): void;
  /** A resource is uploaded and its local copy removed (state 6 reported). */
  uploaded?(incidentMessageId: string, resourceId: string): void;
}

export interface UploadCounts {
  /** Resources uploaded and their local file removed (state 6 reported). */
  uploaded: number;
  /** Failed tries (state -1 reported or no URL in time). */
  failedTries: number;
  /** Resources given up after the last try. */
  abandoned: number;
  /** Applies the portal held back (`down/uploadHeld`): the file stays on the card until it is asked for. */
  held: number;
}

interface Job {
  incidentMessageId: string;
  resource: IncidentResource;
  /** The portal's evidence request that asked for it (docs/device-protocol.md, `evidenceRequest`). */
  taskId?: number;
}

interface UrlWaiter {
  key: string;
  resolve(url: { url: string } | 'held' | null): void;
}

const jobKey = (incidentMessageId: string, resourceId: string) => `${incidentMessageId}\u0000${resourceId}`;
const delay = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/**
 * Uploads an incident's evidence one resource at a time: apply (1) with size, SHA-256 and type, wait for the URL,
 * report 3, PUT the file, report 5 and, the local copy deleted, 6. A failed PUT is reported (-1, reason) and retried
 * later with a fresh apply, a bounded number of times.
 */
export class EvidenceUploader {
  private readonly queue: Job[] = [];
  private readonly waiters = new Map<string, UrlWaiter>();
  private readonly stopping = new AbortController();
  private running = false;
  /** The job under way. */
  private current: string | undefined;
  readonly counts: UploadCounts = { uploaded: 0, failedTries: 0, abandoned: 0, held: 0 };

  constructor(private readonly options: UploaderOptions) {}

  /** Queues the resources of an incident the portal acknowledged. */
  enqueue(incidentMessageId: string, resources: readonly IncidentResource[], taskId?: number): void {
    if (this.stopping.signal.aborted) return;
    for (const resource of resources) {
      const key = jobKey(incidentMessageId, resource.id);
      // Asked again while queued or under way: once is enough.
      if (this.current === key || this.queue.some((job) => jobKey(job.incidentMessageId, job.resource.id) === key)) continue;
      this.queue.push({ incidentMessageId, resource, ...(taskId !== undefined ? { taskId } : {}) });
    }
    void this.run();
  }

  /** `cancelUpload`: drops the queued uploads of a task (one under way finishes); how many were dropped. */
  cancel(taskId: number): number {
    const before = this.queue.length;
    const kept = this.queue.filter((job) => job.taskId !== taskId);
    this.queue.splice(0, this.queue.length, ...kept);
    return before - kept.length;
  }

  /** Resources waiting or under way. */
  get pending(): number {
    return this.queue.length + (this.running ? 1 : 0);
  }

  /** A `down/uploadUrl`: hands the URL to the apply waiting for it; false if none waits (a stale or foreign one) or it is malformed. */
  offerUrl(message: DownMessage): boolean {
    if (!compiled.down.uploadUrl.Check(message)) return false;
    const { incidentMessageId, resourceId, url } = message;
    const waiter = this.waiters.get(jobKey(incidentMessageId, resourceId));
    if (!waiter) return false;
    this.waiters.delete(waiter.key);
    waiter.resolve({ url });
    return true;
  }

  /** A `down/uploadHeld`: the portal does not want this file now; its apply ends without a failure. */
  offerHeld(message: DownMessage): boolean {
    if (!compiled.down.uploadHeld.Check(message)) return false;
    const { incidentMessageId, resourceId } = message;
    const waiter = this.waiters.get(jobKey(incidentMessageId, resourceId));
    if (!waiter) return false;
    this.waiters.delete(waiter.key);
    waiter.resolve('held');
    return true;
  }

  stop(): void {
    this.stopping.abort();
    for (const waiter of this.waiters.values()) waiter.resolve(null);
    this.waiters.clear();
  }

  private async run(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (let job = this.queue.shift(); job && !this.stopping.signal.aborted; job = this.queue.shift()) {
        this.current = jobKey(job.incidentMessageId, job.resource.id);
        await this.upload(job);
        this.current = undefined;
      }
    } finally {
      this.running = false;
      this.current = undefined;
    }
  }

  private async upload({ incidentMessageId, resource }: Job): Promise<void> {
    const { maxTries = 3, retryDelayMs = 5_000, file = (id, res) => evidenceFile(this.options.uuid, id, res) } = this.options;
    const evidence = await file(incidentMessageId, resource);
    if (this.stopping.signal.aborted) return;
    const ids = { incidentMessageId, resourceId: resource.id };
    const report = (state: Exclude<DeviceUploadState, 1>, extra: { reason?: string } = {}) =>
      this.options.publish({ ...ids, state, ...extra });
    for (let attempt = 1; attempt <= maxTries; attempt++) {
      if (attempt > 1) await delay(retryDelayMs, this.stopping.signal);
      if (this.stopping.signal.aborted) return;
      const answer = this.urlFor(jobKey(incidentMessageId, resource.id));
      const applied = await this.options.publish({
        ...ids,
        state: UploadState.apply,
        size: evidence.bytes.length,
        sha256: evidence.sha256,
        contentType: evidence.contentType,
      });
      if (!applied) {
        this.waiters.get(jobKey(incidentMessageId, resource.id))?.resolve(null);
        return;
      }
      const granted = await answer;
      if (this.stopping.signal.aborted) return;
      if (granted === 'held') {
        this.counts.held++;
        return;
      }
      if (!granted) {
        this.counts.failedTries++;
        continue;
      }
      if (!(await report(UploadState.started))) return;
      const failure = await this.put(granted.url, evidence);
      if (failure) {
        this.counts.failedTries++;
        this.options.problem?.(new Error(`${this.options.uuid}: upload of ${resource.id} failed: ${failure}`));
        if (!(await report(UploadState.failed, { reason: failure }))) return;
        continue;
      }
      if (!(await report(UploadState.success))) return;
      // The portal holds the file: the device frees its card.
      if (await report(UploadState.removed)) {
        this.counts.uploaded++;
        this.options.uploaded?.(incidentMessageId, resource.id);
      }
      return;
    }
    this.counts.abandoned++;
  }

  /** Waits for the URL of a resource, or null after the time-out. */
  private urlFor(key: string): Promise<{ url: string } | 'held' | null> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiters.delete(key);
        resolve(null);
      }, this.options.urlTimeoutMs ?? 30_000);
      this.waiters.set(key, {
        key,
        resolve: (url) => {
          clearTimeout(timer);
          resolve(url);
        },
      });
    });
  }

  /** PUTs the file; the reason of a failure, or null. */
  private async put(url: string, evidence: EvidenceFile): Promise<string | null> {
    const put = this.options.fetch ?? fetch;
    try {
      const res = await put(url, {
        method: 'PUT',
        headers: { 'content-type': evidence.contentType },
        body: new Uint8Array(evidence.bytes),
        signal: this.stopping.signal,
      });
      await res.arrayBuffer().catch(() => undefined);
      return res.ok ? null : `HTTP ${res.status}`;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }
}
