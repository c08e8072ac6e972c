import type { FastifyBaseLogger } from 'fastify';

/** What an adapter dropped since it started: every malformed message counts, logged or not. */
export interface DropCounts {
  total: number;
  /** By up kind (the topic's kind, also for kinds this release does not know). */
  byKind: Record<string, number>;
}

export interface DropLogOptions {
  /** Warning lines per device in one window; the rest are only counted. */
  linesPerWindow: number;
  windowMs: number;
  /** Devices remembered at most; beyond this, those whose window ended are forgotten. */
  maxDevices: number;
}

export const DROP_LOG_DEFAULTS: DropLogOptions = { linesPerWindow: 10, windowMs: 60_000, maxDevices: 10_000 };

interface Window {
  startedAt: number;
  logged: number;
  /** Drops counted but not logged in this window. */
  suppressed: number;
}

/**
 * Malformed up messages (PROTOCOL: acknowledged, dropped and logged with the device's uuid). Every drop is counted;
 * a device gets at most `linesPerWindow` warning lines per window, so a broken or hostile device cannot flood the log.
 * The first line of the next window says how many were left out. The reason is worked out only for a line written.
 */
export class DropLog {
  private readonly counts: DropCounts = { total: 0, byKind: {} };
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly log: FastifyBaseLogger,
    private readonly options: DropLogOptions = DROP_LOG_DEFAULTS,
    private readonly now: () => number = Date.now,
  ) {}

  get snapshot(): DropCounts {
    return { total: this.counts.total, byKind: { ...this.counts.byKind } };
  }

  drop(device: string, kind: string, id: string | undefined, reason: () => string): void {
    this.counts.total++;
    this.counts.byKind[kind] = (this.counts.byKind[kind] ?? 0) + 1;
    const now = this.now();
    let window = this.windows.get(device);
    let suppressed = 0;
    if (!window || now - window.startedAt >= this.options.windowMs) {
      suppressed = window?.suppressed ?? 0;
      if (!window && this.windows.size >= this.options.maxDevices) this.forgetEnded(now);
      window = { startedAt: now, logged: 0, suppressed: 0 };
      this.windows.set(device, window);
    }
    if (window.logged >= this.options.linesPerWindow) {
      window.suppressed++;
      return;
    }
    window.logged++;
    let text: string;
    try {
      text = reason();
    } catch {
      text = 'malformed';
    }
    this.log.warn(
      { device, kind, ...(id !== undefined ? { id } : {}), reason: text, ...(suppressed > 0 ? { suppressed } : {}) },
      'device message dropped',
    );
  }

  private forgetEnded(now: number) {
    for (const [device, window] of this.windows) {
      if (now - window.startedAt >= this.options.windowMs) this.windows.delete(device);
    }
  }
}
